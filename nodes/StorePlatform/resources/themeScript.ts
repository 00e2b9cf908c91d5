import type { Field, ResourceTable } from '../endpoint';
import {
	countEndpoint,
	createdRange,
	createEndpoint,
	deleteEndpoint,
	listEndpoint,
	updatedRange,
	updateEndpoint,
	type Noun,
} from './common';

const noun: Noun = { resource: 'themeScript', one: 'theme script', many: 'theme scripts' };

const eventType: Field = {
	key: 'event_type',
	displayName: 'Event Type',
	kind: 'options',
	options: [['onload', 'On Load', 'Loaded at the end of the page']],
	default: 'onload',
};

const src: Field = {
	key: 'src',
	displayName: 'Script URL',
	kind: 'url',
	placeholder: 'https://cdn.example.com/widget.js',
	description: 'Address of the remote script',
};

const scope: Field = {
	key: 'scope',
	displayName: 'Scope',
	kind: 'options',
	options: [
		['all', 'All Pages', 'Every storefront page'],
		['order_status', 'Order Status Page', 'Only the order status (thank-you) page'],
		['store', 'Store Pages', 'Every page except the order status (thank-you) page'],
	],
	default: 'all',
};

const filters = [...createdRange, ...updatedRange];

export const themeScript: ResourceTable = {
	resource: 'themeScript',
	displayName: 'Theme Script',
	description: 'Remote scripts an app adds to the storefront (removed when the app is uninstalled)',
	label: 'src',
	endpoints: [
		listEndpoint(noun, { path: '/services/theme_scripts', filters, paging: {} }),
		countEndpoint(noun, {
			path: '/services/theme_scripts',
			filters,
			countByListing: 'getAll',
			description:
				'Count theme scripts (the API has no theme-script count endpoint: the list is read and counted)',
		}),
		createEndpoint(noun, {
			path: '/services/theme_scripts',
			wrap: 'theme_script',
			output: 'theme_script',
			body: [
				{ ...src, required: true },
				{ ...eventType, required: true },
				{ ...scope, required: true },
			],
		}),
		updateEndpoint(noun, {
			path: '/services/theme_scripts/{id}',
			wrap: 'theme_script',
			output: 'theme_script',
			body: [src, eventType, scope],
		}),
		deleteEndpoint(noun, { path: '/services/theme_scripts/{id}' }),
	],
};
