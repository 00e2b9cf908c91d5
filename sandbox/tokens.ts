/** The tokens the sandbox's OAuth 1.0 knows: access tokens with their secrets, and request tokens of the flow. */
import type { SandboxCredentials } from './types';

export interface RequestToken {
	secret: string;
	callback?: string;
	approved: boolean;
	verifier?: string;
}

export class OAuthState {
	/** access token → token secret */
	readonly accessTokens = new Map<string, string>();
	readonly requestTokens = new Map<string, RequestToken>();

	constructor(private readonly credentials: SandboxCredentials) {
		this.reset();
	}

	reset(): void {
		this.accessTokens.clear();
		this.requestTokens.clear();
		this.accessTokens.set(this.credentials.accessToken, this.credentials.accessTokenSecret);
	}
}
