/**
 * Runs tasks with the same key one after the other in this process: the trigger's activation, its scheduled
 * checks and its deactivation never change one workflow's registrations at the same time. Keys are dropped
 * when their last task ends.
 */
const tails = new Map<string, Promise<unknown>>();

export async function serialize<T>(key: string, task: () => Promise<T>): Promise<T> {
	const previous = tails.get(key) ?? Promise.resolve();
	const run = previous.then(task, task);
	const tail = run.then(
		() => undefined,
		() => undefined,
	);
	tails.set(key, tail);
	try {
		return await run;
	} finally {
		if (tails.get(key) === tail) tails.delete(key);
	}
}

/** How many keys have a task queued or running (for tests). */
export const pendingKeys = () => tails.size;
