import type { ResourceTable } from '../endpoint';
import { getEndpoint, idParam, listEndpoint, type Noun } from './common';

const noun: Noun = { resource: 'theme', one: 'theme', many: 'themes' };

export const theme: ResourceTable = {
	resource: 'theme',
	displayName: 'Theme',
	description: 'Storefront themes; exactly one is active',
	label: 'title',
	endpoints: [
		listEndpoint(noun, { path: '/services/themes' }),
		getEndpoint(noun, { path: '/services/themes/{id}', output: 'theme' }),
		{
			resource: 'theme',
			operation: 'activate',
			name: 'Activate',
			action: 'Activate a theme',
			description: 'Make this theme the active one; the theme active before is deactivated',
			method: 'PUT',
			path: '/services/themes/{id}',
			params: [idParam(noun)],
			wrap: 'theme',
			fixedBody: { active: true },
			output: 'theme',
			answer: 'one',
		},
	],
};
