/** Theme asset content from and to binary data, through n8n-core. */
import { apiRequests, byId, runStore, useSandbox } from './setup';

const env = useSandbox();

describe('theme asset binary content', () => {
	it('uploads a CSS file from an input binary field as text', async () => {
		const s = env.sandbox;
		const css = 'h1 { color: #c00; } /* ünïcode */';
		const result = await runStore(
			s,
			{
				resource: 'themeAsset',
				operation: 'create',
				themeId: byId(2),
				key: 'assets/upload.css',
				contentSource: 'binary',
				binaryPropertyName: 'file',
			},
			{
				items: [
					{
						json: {},
						binary: {
							file: {
								data: Buffer.from(css).toString('base64'),
								mimeType: 'text/css',
								fileName: 'upload.css',
							},
						},
					},
				],
			},
		);
		expect(result.error).toBeUndefined();
		expect(apiRequests(s)[0].body).toEqual({ asset: { key: 'assets/upload.css', content: css } });
		expect(s.store.assetsOf('2').get('assets/upload.css')?.content).toBe(css);
	});

	it('uploads an image as base64 content', async () => {
		const s = env.sandbox;
		const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
		const result = await runStore(
			s,
			{
				resource: 'themeAsset',
				operation: 'create',
				themeId: byId(1),
				key: 'assets/logo.png',
				contentSource: 'binary',
			},
			{
				items: [
					{
						json: {},
						binary: {
							data: { data: png.toString('base64'), mimeType: 'image/png', fileName: 'logo.png' },
						},
					},
				],
			},
		);
		expect(result.error).toBeUndefined();
		expect((apiRequests(s)[0].body as { asset: { content: string } }).asset.content).toBe(
			png.toString('base64'),
		);
	});

	it('names the missing binary field', async () => {
		const s = env.sandbox;
		const result = await runStore(s, {
			resource: 'themeAsset',
			operation: 'create',
			themeId: byId(1),
			key: 'assets/x.css',
			contentSource: 'binary',
			binaryPropertyName: 'nope',
		});
		expect(result.error?.message).toMatch(/nope/);
		expect(apiRequests(s)).toHaveLength(0);
	});

	it('writes the content of Get into a binary field', async () => {
		const s = env.sandbox;
		const result = await runStore(s, {
			resource: 'themeAsset',
			operation: 'get',
			themeId: byId(1),
			assetKey: byId('assets/style.css'),
			options: { binaryOutput: true, binaryPropertyName: 'css' },
		});
		expect(result.error).toBeUndefined();
		const item = result.items[0][0];
		expect(item.json.key).toBe('assets/style.css');
		expect(item.json.content).toBeUndefined();
		expect(item.binary?.css.fileName).toBe('style.css');
		expect(item.binary?.css.mimeType).toBe('text/css');
		expect(Buffer.from(item.binary?.css.data ?? '', 'base64').toString()).toBe(
			s.store.assetsOf('1').get('assets/style.css')?.content,
		);
	});
});
