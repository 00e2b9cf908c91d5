import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { Param, ResourceTable } from '../endpoint';
import { InputError, toBoolean, toText } from '../input/rules';
import { idParam } from './common';

const themeId: Param = idParam(
	{ resource: 'theme', one: 'theme', many: 'themes' },
	{
		name: 'themeId',
		displayName: 'Theme',
		description: 'The theme whose files to use',
		findHint: 'The IDs are in the list of themes (the Store Platform node: Theme, Get Many)',
	},
);

const assetKey: Param = {
	key: 'asset[key]',
	in: 'query',
	name: 'assetKey',
	displayName: 'Asset Key',
	locator: 'themeAsset',
	description:
		'The file as folder/filename (e.g. templates/index.liquid), the folder being layout, templates, assets or snippets',
	placeholder: 'e.g. assets/style.css',
	text: true,
};

const path = '/services/themes/{id}/assets';

const TEXT_TYPE = /^(text\/|application\/(javascript|json|xml|x-javascript|ld\+json)|image\/svg)/i;

/** Content from the text field, or from an input binary property (text files as text, others base64). */
async function assetBody(
	this: IExecuteFunctions,
	i: number,
	body: IDataObject,
): Promise<IDataObject> {
	if (!/^(layout|templates|assets|snippets)\/[^/]+/.test(String(body.key))) {
		throw new InputError(
			'Asset Key',
			`'Asset Key' must be folder/filename with the folder layout, templates, assets or snippets, not '${String(body.key)}'`,
		);
	}
	const source = this.getNodeParameter('contentSource', i, 'text') as string;
	if (source === 'text') {
		const content = this.getNodeParameter('content', i, '');
		return { ...body, content: content === '' ? '' : toText(content, 'Content') };
	}
	const property = toText(
		this.getNodeParameter('binaryPropertyName', i, 'data'),
		'Input Binary Field',
	);
	const binary = this.helpers.assertBinaryData(i, property);
	const buffer = await this.helpers.getBinaryDataBuffer(i, property);
	const text = TEXT_TYPE.test(binary.mimeType ?? '');
	return { ...body, content: buffer.toString(text ? 'utf8' : 'base64') };
}

/** Optionally writes the content of the asset into a binary property. */
async function assetOutput(
	this: IExecuteFunctions,
	i: number,
	records: IDataObject[],
): Promise<INodeExecutionData[]> {
	const toBinary = toBoolean(
		this.getNodeParameter('options.binaryOutput', i, false),
		'Put Content in Binary Field',
	);
	if (!toBinary) return records.map((json) => ({ json }));
	const property = toText(
		this.getNodeParameter('options.binaryPropertyName', i, 'data'),
		'Binary Field Name',
	);
	return await Promise.all(
		records.map(async (json) => {
			const content = typeof json.content === 'string' ? json.content : '';
			const name = String(json.key ?? 'asset')
				.split('/')
				.pop();
			const data = await this.helpers.prepareBinaryData(
				Buffer.from(content, 'utf8'),
				name,
				typeof json.content_type === 'string' ? json.content_type : undefined,
			);
			const rest = { ...json };
			delete rest.content;
			return { json: rest, binary: { [property]: data } };
		}),
	);
}

const contentFields: INodeProperties[] = [
	{
		displayName: 'Content Source',
		name: 'contentSource',
		type: 'options',
		options: [
			{
				name: 'Binary File',
				value: 'binary',
				description: 'Upload the file of an input binary property',
			},
			{ name: 'Text', value: 'text', description: 'Type or map the file content' },
		],
		default: 'text',
	},
	{
		displayName: 'Content',
		name: 'content',
		type: 'string',
		typeOptions: { rows: 6 },
		default: '',
		placeholder: 'body { color: #222; }',
		displayOptions: { show: { contentSource: ['text'] } },
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		hint: 'The name of the input binary field holding the file',
		displayOptions: { show: { contentSource: ['binary'] } },
	},
];

export const themeAsset: ResourceTable = {
	resource: 'themeAsset',
	displayName: 'Theme Asset',
	description: 'Files of a theme: layouts, templates, snippets and assets',
	label: 'key',
	valueKey: 'key',
	endpoints: [
		{
			resource: 'themeAsset',
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many theme assets',
			description: "List a theme's files (without their content)",
			method: 'GET',
			path,
			params: [themeId],
			output: 'assets',
			answer: 'many',
			// the spec: "Asset without content" (metadata only)
			lacks: ['content'],
		},
		{
			resource: 'themeAsset',
			operation: 'get',
			name: 'Get',
			action: 'Get a theme asset',
			description: 'Get one file of a theme with its content',
			method: 'GET',
			path,
			params: [themeId, assetKey],
			output: 'asset',
			answer: 'one',
			extraOptions: [
				{
					displayName: 'Put Content in Binary Field',
					name: 'binaryOutput',
					type: 'boolean',
					default: false,
					description: 'Whether to output the content as a binary file instead of a JSON field',
				},
				{
					displayName: 'Binary Field Name',
					name: 'binaryPropertyName',
					type: 'string',
					default: 'data',
					description: 'The binary field to write the content into',
				},
			],
			hooks: { output: assetOutput },
		},
		{
			resource: 'themeAsset',
			operation: 'create',
			name: 'Create or Update',
			action: 'Create or update a theme asset',
			description: 'Create a file in a theme, or replace it when it exists',
			method: 'POST',
			path,
			params: [themeId],
			wrap: 'asset',
			output: 'asset',
			answer: 'one',
			body: [
				{
					key: 'key',
					displayName: 'Asset Key',
					kind: 'string',
					required: true,
					placeholder: 'e.g. assets/style.css',
					description:
						'The file as folder/filename (e.g. templates/index.liquid), the folder being layout, templates, assets or snippets',
				},
			],
			extraFields: contentFields,
			hooks: { body: assetBody },
		},
		{
			resource: 'themeAsset',
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a theme asset',
			description: 'Delete one file of a theme',
			method: 'DELETE',
			path,
			params: [themeId, assetKey],
			answer: 'deleted',
		},
	],
};
