import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/** Secret values of both credentials, wherever they sit (oauthTokenData for the Connect flow). */
function secretsOf(credentials: ICredentialDataDecryptedObject): string[] {
	const token = (credentials.oauthTokenData ?? {}) as Record<string, unknown>;
	return [
		credentials.consumerSecret,
		credentials.accessToken,
		credentials.accessTokenSecret,
		token.oauth_token,
		token.oauth_token_secret,
	].filter((v): v is string => typeof v === 'string' && v.length >= 4);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A function that blanks the credential's secrets (as they are, and percent-encoded once or twice,
 * as they appear in echoed OAuth base strings) out of a text meant for users and logs.
 */
export function redactor(credentials: ICredentialDataDecryptedObject): (text: string) => string {
	const forms = new Set<string>();
	for (const secret of secretsOf(credentials)) {
		const once = encodeURIComponent(secret);
		for (const form of [secret, once, encodeURIComponent(once)]) forms.add(form);
	}
	if (forms.size === 0) return (text) => text;
	const pattern = new RegExp(
		[...forms]
			.sort((a, b) => b.length - a.length)
			.map(escape)
			.join('|'),
		'g',
	);
	return (text) => text.replace(pattern, '[redacted]');
}
