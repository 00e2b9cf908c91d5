import { credentialType, failureOf, type ShopContext } from './request';
import { isRefusedCredential } from './transient';

/**
 * The words of an error whose request the shop refused for its credential (401, 403), naming the credential as n8n
 * shows it, so that an activation failing for it says which one to fix. Undefined for any other error.
 */
export function credentialRefusal(
	ctx: ShopContext,
	error: unknown,
	what: string,
): { message: string; description: string; status: number } | undefined {
	const failure = failureOf(error);
	if (!failure || !isRefusedCredential(failure)) return undefined;
	const name = ctx.getNode().credentials?.[credentialType(ctx)]?.name;
	const { message, description } = error as { message?: string; description?: string | null };
	return {
		message: `The shop refused the credential${name ? ` "${name}"` : ''} (HTTP ${failure.status}): ${what}`,
		description: [message, description].filter(Boolean).join('. '),
		status: failure.status,
	};
}
