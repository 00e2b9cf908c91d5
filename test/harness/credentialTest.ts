/**
 * The editor's credential test ("Test" / saving a credential), as n8n's `CredentialsTester` (packages/cli,
 * services/credentials-tester.service.ts, the same in 1.123 and 2.41) runs it for a test a node names in
 * `testedBy`: the credential type's own `test` wins when it has one; otherwise the first node that lists the
 * credential with a `testedBy` string gives `methods.credentialTest[testedBy]`, which is called with n8n-core's
 * `CredentialTestContext` and the stored data with the type's defaults applied.
 *
 * Not modelled: a declarative `test` (n8n runs it through `RoutingNode`; none of this package's credentials has
 * one), the OAuth2 shortcut, and the redaction of external secrets in the message.
 */
import { CredentialTestContext } from 'n8n-core';
import { NodeHelpers, UnexpectedError } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	ICredentialsDecrypted,
	INodeCredentialTestResult,
	INodeType,
	IVersionedNodeType,
} from 'n8n-workflow';

import {
	createAdditionalData,
	createCredentialsHelper,
	defaultVersionOf,
	ensureN8nEnvironment,
} from './environment';

export interface CredentialTestOptions {
	/** The node types installed (n8n looks for `testedBy` in every node that lists the credential). */
	nodeTypes: Array<INodeType | IVersionedNodeType>;
	credentialTypes: ICredentialType[];
	/** The credential type tested, e.g. `storePlatformApi`. */
	type: string;
	/** The data as the editor sends it (before defaults). */
	data: ICredentialDataDecryptedObject;
}

/** Every version of a node type, newest first (n8n's lookup order for versioned nodes). */
function versionsOf(nodeType: INodeType | IVersionedNodeType): INodeType[] {
	if (!('nodeVersions' in nodeType)) return [nodeType];
	const { version } = nodeType.description as { version?: number | number[] };
	const list = Array.isArray(version) ? version : [version ?? defaultVersionOf(nodeType)];
	return [...list].sort((a, b) => b - a).map((v) => NodeHelpers.getVersionedNodeType(nodeType, v));
}

/** Runs the credential test of `type` as n8n's editor does, and returns its verdict. */
export async function testCredential(
	opts: CredentialTestOptions,
): Promise<INodeCredentialTestResult> {
	ensureN8nEnvironment();
	const credentialType = opts.credentialTypes.find((t) => t.name === opts.type);
	if (!credentialType) throw new UnexpectedError(`Unknown credential type "${opts.type}"`);
	if (credentialType.test) {
		throw new UnexpectedError(
			`"${opts.type}" has a declarative test: the harness does not model n8n's RoutingNode run of it`,
		);
	}
	const testFunction = opts.nodeTypes
		.flatMap(versionsOf)
		.flatMap((nodeType) =>
			(nodeType.description.credentials ?? [])
				.filter((c) => c.name === opts.type && typeof c.testedBy === 'string')
				.map((c) => nodeType.methods?.credentialTest?.[c.testedBy as string]),
		)[0];
	if (!testFunction)
		return { status: 'Error', message: 'No testing function found for this credential.' };

	const credentialsHelper = createCredentialsHelper({
		credentials: { [opts.type]: opts.data },
		credentialTypes: opts.credentialTypes,
	});
	const additionalData = createAdditionalData({ credentialsHelper });
	const data = await credentialsHelper.applyDefaults(
		additionalData,
		opts.data,
		opts.type,
		'internal',
	);
	const credential: ICredentialsDecrypted = {
		id: credentialsHelper.credentialIdOf(opts.type),
		name: 'Harness credential',
		type: opts.type,
		data,
	};
	// n8n 2.x passes the additional data (its legacy request helper reads the hooks); 1.x takes none
	const context = new CredentialTestContext(additionalData);
	return await testFunction.call(context, credential);
}
