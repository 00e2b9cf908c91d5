import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const ROOT = path.resolve(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
	name: string;
};

const markdownFiles = [
	'README.md',
	...fs
		.readdirSync(path.join(ROOT, 'docs'))
		.filter((f) => f.endsWith('.md'))
		.map((f) => `docs/${f}`),
];

/** Every Markdown link or image target that is a relative path: [text](target) and ![alt](target). */
function relativeLinks(markdown: string): string[] {
	const targets = [...markdown.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]);
	return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#'));
}

describe('documentation links', () => {
	it.each(markdownFiles)('%s: every relative link names an existing file', (file) => {
		const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
		const missing = relativeLinks(text)
			.map((t) => decodeURIComponent(t.split('#')[0]))
			.filter((t) => !fs.existsSync(path.resolve(ROOT, path.dirname(file), t)));
		expect(missing).toEqual([]);
	});

	it('finds the links it checks (the README links into docs/)', () => {
		const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
		expect(relativeLinks(readme).filter((t) => t.startsWith('docs/')).length).toBeGreaterThan(3);
	});
});

type Service = { image?: string; environment?: Record<string, string> };

describe.each(['docs/docker-compose.yml', 'docs/docker-compose.queue.yml'])('%s', (file) => {
	// merge: the queue-mode file shares one n8n service definition through YAML merge keys (<<: *n8n)
	const compose = parse(fs.readFileSync(path.join(ROOT, file), 'utf8'), { merge: true }) as {
		services: Record<string, Service>;
	};
	const n8nServices = Object.entries(compose.services).filter(([, s]) =>
		String(s.image).startsWith('docker.n8n.io/n8nio/n8n:'),
	);

	it('is a compose file with n8n services', () => {
		expect(n8nServices.length).toBeGreaterThan(0);
	});

	it('installs this package through N8N_COMMUNITY_PACKAGES on every n8n container', () => {
		for (const [name, service] of n8nServices) {
			const env = service.environment ?? {};
			expect({ name, managed: env.N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV }).toEqual({
				name,
				managed: 'true',
			});
			expect({ name, unverified: env.N8N_UNVERIFIED_PACKAGES_ENABLED }).toEqual({
				name,
				unverified: 'true',
			});
			const packages = JSON.parse(env.N8N_COMMUNITY_PACKAGES) as Array<{
				name: string;
				version?: string;
			}>;
			expect(packages).toEqual([
				{ name: pkg.name, version: expect.stringMatching(/^\d+\.\d+\.\d+$/) },
			]);
		}
	});
});
