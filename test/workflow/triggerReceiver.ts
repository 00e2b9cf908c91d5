import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject } from 'n8n-workflow';

import { StorePlatformTrigger } from '../../nodes/StorePlatform/StorePlatformTrigger.node';
import { callWebhook } from '../harness';
import { credentialTypes } from './setup';

/**
 * A stand-in for n8n's webhook server: receives the sandbox's real HTTP deliveries, parses the body
 * as n8n does (form or JSON, raw body kept) and runs the trigger's webhook() through n8n-core.
 */
export interface Receiver {
	url: string;
	/** The items of every execution started. */
	executions: IDataObject[][];
	/** Every delivery's answer status. */
	statuses: number[];
	close(): Promise<void>;
}

function parse(raw: Buffer, type: string): IDataObject {
	const text = raw.toString('utf8');
	if (type.includes('application/json')) return text ? (JSON.parse(text) as IDataObject) : {};
	// n8n parses form bodies with the qs library (nested keys); a flat parse is enough for the canonical form.
	const out: IDataObject = {};
	for (const [k, v] of new URLSearchParams(text)) out[k] = v;
	return out;
}

/**
 * `lostAnswers`: how many of the first accepted deliveries are answered 500 after their execution started (an
 * answer the store did not get: it resends). `typeVersion`: the trigger's (its default when not given).
 */
export async function startReceiver(
	parameters: IDataObject,
	credentials: IDataObject,
	port = 0,
	lostAnswers = 0,
	typeVersion?: number,
): Promise<Receiver> {
	const executions: IDataObject[][] = [];
	const statuses: number[] = [];
	let url = '';
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const rawBody = Buffer.concat(chunks);
			void (async () => {
				const call = await callWebhook(new StorePlatformTrigger(), {
					parameters: parameters as never,
					credentials: { storePlatformApi: credentials as never },
					credentialTypes,
					webhookUrl: url,
					typeVersion,
					req: {
						method: 'POST',
						headers: req.headers as IDataObject as never,
						body: parse(rawBody, String(req.headers['content-type'] ?? '')),
						rawBody,
					},
				});
				let status = call.response.statusCode ?? 200;
				if (status === 200 && lostAnswers > 0) {
					lostAnswers--;
					status = 500;
				}
				statuses.push(status);
				if (call.workflowStarted)
					executions.push((call.result.workflowData?.[0] ?? []).map((i) => i.json));
				res.statusCode = status;
				res.end(status === 200 ? '{"status":"ok"}' : JSON.stringify(call.response.body ?? {}));
			})().catch((error: Error) => {
				statuses.push(500);
				res.statusCode = 500;
				res.end(error.message);
			});
		});
	});
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook/6f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f/webhook`;
	return {
		url,
		executions,
		statuses,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
