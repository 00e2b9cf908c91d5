/**
 * A read's answer or its failure, to judge after the catch (n8n's lint rules let a catch block rethrow only
 * n8n's own errors, and a poll judges some failures: a parent gone, a list it cannot read).
 */
export async function attempt<T>(
	read: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
	try {
		return { ok: true, value: await read() };
	} catch (error) {
		return { ok: false, error };
	}
}
