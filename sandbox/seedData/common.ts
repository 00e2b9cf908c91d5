/**
 * What every area of the seed data builds with: ids, slugs, metadata, dates, the builder type.
 */
import { seedDate } from '../dates';
import type { Rec, Store } from '../store';

export const pick = <T>(list: readonly T[], n: number): T => list[(n - 1) % list.length];

/** Deterministic v4-shaped uuid for (kind, id). */
export function uuidFor(kind: string, id: number): string {
	let h = 2166136261;
	for (let i = 0; i < kind.length; i++) h = Math.imul(h ^ kind.charCodeAt(i), 16777619) >>> 0;
	return `${h.toString(16).padStart(8, '0')}-0000-4000-8000-${id.toString(16).padStart(12, '0')}`;
}

export const slugify = (s: string): string =>
	s
		.toLowerCase()
		.normalize('NFKD')
		.replace(/[^\w\s-]/g, '')
		.trim()
		.replace(/[\s_-]+/g, '-') || 'item';

export const meta = (title: string) => [
	{
		meta_title: title,
		meta_description: `${title} in our store`,
		meta_keywords: title.toLowerCase().split(' ').join(', '),
	},
];

export const stamps = (n: number) => ({ created_at: seedDate(n), updated_at: seedDate(n, 30) });

export type Builder = (id: number, store: Store, baseUrl: string) => Rec;
