/**
 * The nodes' codex files (issue 43): each documentation link is a page without an anchor, because n8n 2.41.1's
 * editor adds `?utm_source=…` after the codex URL (`#trigger?utm_source=…` is an anchor no page has); and the
 * action node is found in the nodes panel by each resource's name ("abandoned cart" found only the Poll Trigger).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { TABLES } from '../../nodes/StorePlatform/resources';

const codex = (file: string) =>
	JSON.parse(readFileSync(join(__dirname, '../../nodes/StorePlatform', file), 'utf8')) as {
		alias: string[];
		resources: Record<string, Array<{ url: string }>>;
	};
const FILES = [
	'StorePlatform.node.json',
	'StorePlatformTrigger.node.json',
	'StorePlatformPollTrigger.node.json',
];

test.each(FILES)('%s: documentation links without an anchor, so n8n can add its query', (file) => {
	const urls = Object.values(codex(file).resources).flatMap((list) => list.map((r) => r.url));
	expect(urls.length).toBeGreaterThan(0);
	for (const url of urls) {
		expect(url).toMatch(/^https:\/\//);
		expect(url).not.toContain('#');
	}
});

test("the action node's aliases name every resource, as the nodes panel's search reads them", () => {
	const aliases = codex('StorePlatform.node.json').alias;
	const missing = TABLES.map((t) => t.displayName.toLowerCase()).filter(
		(name) => !aliases.includes(name),
	);
	expect(missing).toEqual([]);
});
