/**
 * Every sales operation of the node, run once through n8n-core's WorkflowExecute against the sandbox
 * over real HTTP: the request the sandbox received (method, path, query, body, signature) and the
 * items the node returned (cases in ./operations/).
 */
import { SALES_CASES } from './operations/sales';
import { expectOperation } from './operations/case';
import { useSandbox } from './setup';

const env = useSandbox();

describe('every sales operation against the sandbox', () => {
	it.each(SALES_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
		await expectOperation(env.sandbox, c);
	});
});
