import type { INodeProperties } from 'n8n-workflow';

/**
 * What both credentials share: the shop's base URL and the icon. Their test is the nodes' `storePlatformShopTest`
 * (shopTest.ts), named in `testedBy`: it tells a shop from another web server and names the field to fix.
 */

export const BASE_URL_PROPERTY: INodeProperties = {
	displayName: 'Shop Base URL',
	name: 'baseUrl',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'https://myshop.example.com',
	description: 'The address of the shop; every API path (/services/...) is below it',
};

export const ICON = {
	light: 'file:../icons/storePlatform.svg',
	dark: 'file:../icons/storePlatform.dark.svg',
} as const;
