/** Webhook deliveries: body and HMAC, the retry schedule, and the sandbox clock it runs on. */
import { createHmac, randomUUID } from 'node:crypto';
import * as http from 'node:http';
import * as https from 'node:https';
import { httpBuildQuery } from './http-build-query';
import type { Store } from './store';
import type { Delivery } from './types';

const MIN = 60_000;
/** Delay after the n-th failed attempt; after the list, every 4 hours. */
export const RETRY_DELAYS = [1, 5, 10, 20, 30, 60, 120, 240].map((m) => m * MIN);
export const RETRY_HORIZON = 48 * 60 * MIN;
const TIMEOUT_MS = 5_000;

/** Virtual time: it only moves when advanced, so retry tests are exact and instant. */
export class Clock {
	private t: number;
	private readonly start: number;

	constructor(start = Date.now()) {
		this.start = start;
		this.t = start;
	}

	now(): number {
		return this.t;
	}

	/** how far the clock has been advanced in total */
	offset(): number {
		return this.t - this.start;
	}

	set(t: number): void {
		if (t > this.t) this.t = t;
	}
}

export interface FireOptions {
	format?: 'form' | 'json';
	objectType?: string;
	objectId?: string | number;
	objectUuid?: string;
}

/** base64( hex( HMAC-SHA256(secret, http_build_query(data)) ) ), as the platform's PHP examples compute it. */
export function webhookHmac(secret: string, data: Record<string, unknown>): string {
	const hex = createHmac('sha256', secret).update(httpBuildQuery(data)).digest('hex');
	return Buffer.from(hex, 'utf8').toString('base64');
}

/** One event for one webhook, until it succeeds or the 48 h horizon passes. */
interface Job {
	webhookId: number;
	section: string;
	body: string;
	headers: Record<string, string>;
	attempts: number;
	firstFailureAt: number | null;
	onlyConnectionErrors: boolean;
}

interface Task {
	due: number;
	kind: 'retry' | 'expire';
	job: Job;
}

export class WebhookEngine {
	readonly deliveries: Delivery[] = [];
	private tasks: Task[] = [];
	private queue: Promise<unknown> = Promise.resolve();

	constructor(
		private readonly store: Store,
		private readonly secret: () => string,
		private readonly shopId: number,
		readonly clock: Clock,
	) {}

	/** Delivers `section` to every webhook registered for it, now. Resolves with the first attempts. */
	fire(
		section: string,
		data?: Record<string, unknown>,
		opts: FireOptions = {},
	): Promise<Delivery[]> {
		return this.serial(async () => {
			const objectType = opts.objectType ?? section.split('/')[0];
			const payload = data ?? sampleData(objectType);
			const objectId = opts.objectId ?? (payload.id as string | number | undefined) ?? 1;
			const objectUuid =
				opts.objectUuid ?? (typeof payload.uuid === 'string' ? payload.uuid : randomUUID());
			const json = opts.format === 'json';
			const headers: Record<string, string> = {
				'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
				'user-agent': 'StorePlatform-Sandbox-Webhooks/1.0',
				'service-section': section,
				'service-shop-id': String(this.shopId),
				'service-hmac-sha256': webhookHmac(this.secret(), payload),
				[`service-${objectType}-id`]: String(objectId),
				[`service-${objectType}-uuid`]: objectUuid,
			};
			const body = json ? JSON.stringify(payload) : httpBuildQuery(payload);
			const hooks = this.store.webhooks.rows.filter((w) => w.section === section);
			const jobs: Job[] = hooks.map((w) => ({
				webhookId: Number(w.id),
				section,
				body,
				headers,
				attempts: 0,
				firstFailureAt: null,
				onlyConnectionErrors: true,
			}));
			return Promise.all(jobs.map((j) => this.attempt(j)));
		}) as Promise<Delivery[]>;
	}

	/** Moves the clock forward, performing every retry that falls due on the way (in time order). */
	advance(ms: number): Promise<void> {
		return this.serial(async () => {
			const target = this.clock.now() + Math.max(0, ms);
			for (;;) {
				const next = this.tasks[0];
				if (!next || next.due > target) break;
				this.tasks.shift();
				this.clock.set(next.due);
				if (next.kind === 'retry') await this.attempt(next.job);
				else this.expire(next.job);
			}
			this.clock.set(target);
		}) as Promise<void>;
	}

	/** Pending retries, for inspection. */
	pending(): Array<{ webhookId: number; section: string; due: number; kind: string }> {
		return this.tasks.map((t) => ({
			webhookId: t.job.webhookId,
			section: t.job.section,
			due: t.due,
			kind: t.kind,
		}));
	}

	/** Drops the pending retries of a webhook (deleted or removed). */
	cancel(webhookId: number): void {
		this.tasks = this.tasks.filter((t) => t.job.webhookId !== webhookId);
	}

	reset(): void {
		this.tasks = [];
		this.deliveries.length = 0;
	}

	private serial<T>(fn: () => Promise<T>): Promise<T> {
		const run = this.queue.then(fn, fn);
		this.queue = run.catch(() => undefined);
		return run;
	}

	private schedule(task: Task): void {
		let i = this.tasks.length;
		while (i > 0 && this.tasks[i - 1].due > task.due) i--;
		this.tasks.splice(i, 0, task);
	}

	private async attempt(job: Job): Promise<Delivery> {
		const hook = this.store.webhooks.get(job.webhookId);
		job.attempts++;
		const delivery: Delivery = {
			webhookId: job.webhookId,
			section: job.section,
			url: hook ? String(hook.site_url) : '',
			attempt: job.attempts,
			status: 'connection-error',
			at: this.clock.now(),
		};
		if (!hook) return delivery; // unregistered meanwhile: nothing to send
		this.deliveries.push(delivery); // recorded in start order; the status is filled in below
		delivery.status = await post(delivery.url, job.body, job.headers);
		const success =
			typeof delivery.status === 'number' && delivery.status >= 200 && delivery.status < 300;
		if (success) return delivery;
		const at = delivery.at;
		if (job.firstFailureAt === null) job.firstFailureAt = at;
		if (delivery.status !== 'connection-error') job.onlyConnectionErrors = false;
		const delay = RETRY_DELAYS[job.attempts - 1] ?? RETRY_DELAYS[RETRY_DELAYS.length - 1];
		const horizon = job.firstFailureAt + RETRY_HORIZON;
		if (at + delay <= horizon) this.schedule({ due: at + delay, kind: 'retry', job });
		else this.schedule({ due: horizon, kind: 'expire', job });
		return delivery;
	}

	/** 48 h after the first failure: a webhook that could never be reached is removed. */
	private expire(job: Job): void {
		if (!job.onlyConnectionErrors) return;
		this.store.webhooks.remove(job.webhookId);
		this.cancel(job.webhookId);
	}
}

function post(
	url: string,
	body: string,
	headers: Record<string, string>,
): Promise<number | 'connection-error'> {
	return new Promise((resolve) => {
		let u: URL;
		try {
			u = new URL(url);
		} catch {
			resolve('connection-error');
			return;
		}
		const mod = u.protocol === 'https:' ? https : http;
		const req = mod.request(
			u,
			{
				method: 'POST',
				agent: false,
				timeout: TIMEOUT_MS,
				headers: {
					...headers,
					'content-length': String(Buffer.byteLength(body)),
					connection: 'close',
				},
			},
			(res) => {
				res.resume();
				res.on('end', () => resolve(res.statusCode ?? 0));
				res.on('error', () => resolve(res.statusCode ?? 0));
			},
		);
		req.on('timeout', () => req.destroy(new Error('timeout')));
		req.on('error', () => resolve('connection-error'));
		req.end(body);
	});
}

/** A plausible payload for an event of `objectType` when fire() is given no data. */
export function sampleData(objectType: string): Record<string, unknown> {
	const id = 1001;
	const base = {
		id,
		uuid: randomUUID(),
		created_at: '2024-05-01 12:00:00',
		updated_at: '2024-05-01 12:05:00',
	};
	switch (objectType) {
		case 'order':
			return {
				...base,
				status_id: '1',
				email: 'jane.doe@example.com',
				total_price: 4350,
				currency: 'EUR',
				paid: true,
				note: 'Leave at the door & ring',
				items: [
					{
						product_id: 1,
						variant_id: 1,
						sku: 'TSH-001-S',
						title: 'Basic T-shirt',
						quantity: 2,
						price: 1900,
					},
				],
				shipping_address: { first_name: 'Jane', last_name: 'Doe', city: 'Kraków', zip: '30-001' },
			};
		case 'customer':
			return {
				...base,
				email: 'jane.doe@example.com',
				first_name: 'Jane',
				last_name: 'Doe',
				accepts_marketing: false,
			};
		case 'product':
			return { ...base, title: 'Basic T-shirt', sku: 'TSH-001', price: 1900, categories: [1, 3] };
		case 'shop':
			return { id: 1, name: 'Sandbox shop', domain: 'sandbox.store.example', currency: 'EUR' };
		case 'app':
			return { id: 1, name: 'Sandbox app', uninstalled_at: '2024-05-01 12:00:00' };
		default:
			return { ...base, name: `Sample ${objectType}` };
	}
}
