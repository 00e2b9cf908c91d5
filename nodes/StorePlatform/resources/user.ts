import type { IDataObject } from 'n8n-workflow';

import type { ResourceTable } from '../endpoint';
import { getEndpoint, listEndpoint, type Noun } from './common';

const noun: Noun = { resource: 'user', one: 'user', many: 'users' };

export const user: ResourceTable = {
	resource: 'user',
	displayName: 'User',
	description: 'Staff accounts of the shop (read only)',
	label: (user: IDataObject) =>
		`${String(user.first_name ?? '')} ${String(user.last_name ?? '')} <${String(user.email)}>`.trim(),
	endpoints: [
		listEndpoint(noun, { path: '/services/users' }),
		getEndpoint(noun, { path: '/services/users/{id}', output: 'user' }),
	],
};
