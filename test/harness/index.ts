export { runNode, INPUT_NODE_NAME, type RunOptions, type RunResult } from './runWorkflow';
export {
	callListSearch,
	callLoadOptions,
	callWebhook,
	callWebhookMethod,
	type LoadOptionsCallOptions,
	type StaticDataResult,
	type WebhookCallOptions,
	type WebhookCallResult,
	type WebhookMethodCallOptions,
	type WebhookMethodResult,
} from './contexts';
export { type RecordedResponse, type WebhookRequestInit } from './http';
export {
	startTestServer,
	type RecordedRequest,
	type TestHandler,
	type TestResponse,
	type TestServer,
} from './server';
export { OAuth1ApiCredential } from './credentialTypes';
export { PACKAGE_NAME, type CredentialOptions } from './environment';
export { startPoller, type Poller, type PollerOptions, type PollTick } from './poll';
export { testCredential, type CredentialTestOptions } from './credentialTest';
