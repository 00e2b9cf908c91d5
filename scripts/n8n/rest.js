'use strict';
/**
 * REST client of a running n8n (`/rest/...` with the owner's auth cookie): login, credentials, workflows,
 * executions, (de)activation and publication status, the OAuth1 Connect-flow endpoints, webhook polling.
 * Methods of N8nInstance (mixed in by ./instance.js); they use this.baseUrl, this.cookie, this.owner,
 * this.major.
 */

const OWNER = {
	email: 'owner@store-platform.test',
	// n8n's password rules: 8-64 chars, a number and an upper-case letter
	password: 'Sandbox-Passw0rd',
	firstName: 'Sandbox',
	lastName: 'Owner',
};
// n8n binds the auth cookie to a `browser-id` header (hash stored in the JWT);
// we send the same constant header on every REST call.
const BROWSER_ID = 'store-platform-e2e-browser';

const restMethods = {
	/**
	 * Internal REST API call (`/rest/...`) with the owner's auth cookie.
	 * Returns { status, body, headers }. Throws on >= 400 unless allowFail.
	 */
	async rest(method, route, body, { allowFail = false, headers = {} } = {}) {
		const res = await fetch(`${this.baseUrl}/rest${route}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': BROWSER_ID,
				...(this.cookie ? { cookie: this.cookie } : {}),
				...headers,
			},
			body: body === undefined ? undefined : JSON.stringify(body),
			redirect: 'manual',
		});
		const setCookies =
			typeof res.headers.getSetCookie === 'function' ? res.headers.getSetCookie() : [];
		for (const c of setCookies) {
			const m = /^(n8n-auth=[^;]*)/.exec(c);
			if (m) this.cookie = m[1];
		}
		const text = await res.text();
		let parsed = text;
		try {
			parsed = JSON.parse(text);
		} catch {
			/* keep text */
		}
		if (res.status >= 400 && !allowFail) {
			const err = new Error(`${method} /rest${route} -> ${res.status}: ${text.slice(0, 1000)}`);
			err.status = res.status;
			err.body = parsed;
			throw err;
		}
		// n8n wraps most REST answers as { data: ... }
		return {
			status: res.status,
			body: parsed,
			data: parsed && typeof parsed === 'object' && 'data' in parsed ? parsed.data : parsed,
			headers: res.headers,
		};
	},

	/**
	 * Makes sure the owner exists, then logs in (stores the n8n-auth cookie).
	 *   2.x: owner comes from env (N8N_INSTANCE_OWNER_MANAGED_BY_ENV=true ...)
	 *   1.x: POST /rest/owner/setup { email, firstName, lastName, password }
	 *        (allowed while no owner is set up; 400 afterwards, which we ignore)
	 * Login: POST /rest/login { emailOrLdapLoginId, password } on both versions
	 * (older n8n used { email, password }; we fall back to it on a 400).
	 */
	async login() {
		if (this.major < 2) {
			// n8n 1.x answers "ready" before its database is (503 "Database is not ready!" on a loaded machine): asked
			// again for up to a minute
			let r = await this.rest('POST', '/owner/setup', { ...this.owner }, { allowFail: true });
			for (let i = 0; i < 60 && r.status === 503; i++) {
				await new Promise((resolve) => setTimeout(resolve, 1000));
				r = await this.rest('POST', '/owner/setup', { ...this.owner }, { allowFail: true });
			}
			if (
				r.status >= 400 &&
				!/already.*setup|Instance owner already/i.test(JSON.stringify(r.body))
			) {
				throw new Error(`owner setup failed: ${r.status} ${JSON.stringify(r.body)}`);
			}
		}
		let r = await this.rest(
			'POST',
			'/login',
			{ emailOrLdapLoginId: this.owner.email, password: this.owner.password },
			{ allowFail: true },
		);
		if (r.status === 400)
			r = await this.rest(
				'POST',
				'/login',
				{ email: this.owner.email, password: this.owner.password },
				{ allowFail: true },
			);
		if (r.status >= 400 || !this.cookie)
			throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
		return r.data;
	},

	/**
	 * GET of a non-/rest path of the running instance with the owner cookie (e.g.
	 * `/types/credentials.json`, the credential types the editor loads).
	 * Returns { status, body } (body parsed as JSON when it is JSON).
	 */
	async getPath(pathname) {
		if (!this.cookie) await this.login();
		const res = await fetch(`${this.baseUrl}${pathname}`, {
			headers: { cookie: this.cookie, 'browser-id': BROWSER_ID },
		});
		const text = await res.text();
		let body = text;
		try {
			body = JSON.parse(text);
		} catch {
			/* keep text */
		}
		return { status: res.status, body };
	},

	/**
	 * Creates a credential through the REST API, like the editor's credential modal:
	 * POST /rest/credentials { name, type, data } (both versions; the owner's
	 * personal project). Returns the stored credential ({ id, name, type, ... }).
	 */
	async createCredentialRest({ name, type, data }) {
		if (!this.cookie) await this.login();
		return (await this.rest('POST', '/credentials', { name, type, data })).data;
	},

	/**
	 * Creates a workflow through the REST API (what the editor's Save does):
	 * POST /rest/workflows { name, nodes, connections, settings }. Returns its id.
	 * Faster than `import:workflow` (no CLI start) while n8n runs.
	 */
	async createWorkflowRest(workflow) {
		if (!this.cookie) await this.login();
		const { name, nodes, connections, settings = {} } = workflow;
		return (
			await this.rest('POST', '/workflows', { name, nodes, connections, settings, active: false })
		).data.id;
	},

	/**
	 * Executions of a workflow (newest first) from GET /rest/executions?filter=..
	 * (both versions answer { data: { count, results: [...] } }).
	 */
	async executions(workflowId) {
		if (!this.cookie) await this.login();
		const q = encodeURIComponent(JSON.stringify({ workflowId }));
		const d = (await this.rest('GET', `/executions?filter=${q}`)).data;
		return Array.isArray(d) ? d : d?.results || [];
	},

	/** GET /rest/workflows/:id */
	async getWorkflow(id) {
		if (!this.cookie) await this.login();
		return (await this.rest('GET', `/workflows/${id}`)).data;
	},

	/**
	 * 2.x only: GET /rest/workflows/:id/publication-status ->
	 *   { status: 'in_progress'|'not_published'|'published'|'partial'|'failed',
	 *     liveVersionId, pendingVersionId, triggers: [{ nodeId, status, errorMessage }] }
	 * (404 when N8N_USE_WORKFLOW_PUBLICATION_SERVICE=false, and on 1.x).
	 */
	async publicationStatus(id) {
		if (!this.cookie) await this.login();
		return (await this.rest('GET', `/workflows/${id}/publication-status`)).data;
	},

	/**
	 * 2.x: (de)activation through REST only queues a publication record (outbox,
	 * N8N_USE_WORKFLOW_PUBLICATION_SERVICE defaults to true); a consumer applies it
	 * asynchronously, i.e. the trigger's create()/delete() run AFTER the REST call
	 * returned. Polls publication-status until it settles on one of `want`.
	 * 1.x: (de)activation is synchronous, nothing to wait for.
	 */
	async waitForPublication(id, want, { timeoutMs = 30000 } = {}) {
		if (this.major < 2) return undefined;
		const wanted = Array.isArray(want) ? want : [want];
		const end = Date.now() + timeoutMs;
		let st;
		for (;;) {
			st = await this.publicationStatus(id);
			if (st.status !== 'in_progress' && wanted.includes(st.status)) return st;
			// 'not_published' while waiting for 'published': the reconciler has not
			// enqueued the workflow yet (right after start) -> keep polling
			if (
				st.status !== 'in_progress' &&
				['failed', 'partial'].includes(st.status) &&
				!wanted.includes(st.status)
			) {
				const msgs = (st.triggers || [])
					.filter((t) => t.status === 'failed')
					.map((t) => t.errorMessage);
				const err = new Error(`publication of ${id} ${st.status}: ${msgs.join('; ')}`);
				err.publication = st;
				throw err;
			}
			if (Date.now() > end)
				throw new Error(
					`publication of ${id} did not reach ${wanted.join('|')} in ${timeoutMs}ms: ${JSON.stringify(st)}`,
				);
			await new Promise((r) => setTimeout(r, 100));
		}
	},

	/**
	 * Deactivates an active workflow through the REST API, so n8n calls the
	 * trigger's webhookMethods.default.delete() (a SIGTERM does not).
	 *   both: POST /rest/workflows/:id/deactivate, body {} (2.x accepts an
	 *         optional { expectedChecksum }); answers the workflow, active:false.
	 *   2.x: delete() runs asynchronously after the answer; with wait (default)
	 *        we poll publication-status until 'not_published'.
	 */
	async deactivate(id, { wait = true } = {}) {
		if (!this.cookie) await this.login();
		const wf = (await this.rest('POST', `/workflows/${id}/deactivate`, {})).data;
		if (wait) await this.waitForPublication(id, 'not_published');
		return wf;
	},

	/**
	 * Activates (2.x: publishes) a workflow through REST while n8n runs, so n8n
	 * calls the trigger's checkExists()/create().
	 *   both: POST /rest/workflows/:id/activate { versionId } (1.x: versionId
	 *         required; 2.x: optional, defaults to the current draft version;
	 *         also { name, description, expectedChecksum }).
	 *   2.x: create() runs asynchronously; with wait (default) we poll
	 *        publication-status until 'published' (throws with the trigger's
	 *        error message when the publication 'failed').
	 *   1.x: an activation error is the REST error (400) itself.
	 */
	async activateRest(id, { wait = true } = {}) {
		if (!this.cookie) await this.login();
		const wf = await this.getWorkflow(id);
		const res = (await this.rest('POST', `/workflows/${id}/activate`, { versionId: wf.versionId }))
			.data;
		if (wait) await this.waitForPublication(id, 'published');
		return res;
	},

	/**
	 * OAuth1 "Connect" step 1 (what the editor does when you click Connect):
	 *   GET /rest/oauth1-credential/auth?id=<credentialId>  (auth cookie needed)
	 * n8n then calls the provider's requestTokenUrl (see README/report) and
	 * answers { data: "<authUrl>?oauth_token=<request token>" }.
	 */
	async oauth1AuthUri(credentialId) {
		if (!this.cookie) await this.login();
		return (
			await this.rest('GET', `/oauth1-credential/auth?id=${encodeURIComponent(credentialId)}`)
		).data;
	},

	/**
	 * OAuth1 "Connect" step 3: the browser lands on n8n's callback
	 *   GET /rest/oauth1-credential/callback?oauth_token=..&oauth_verifier=..&state=..
	 * (the callback URL n8n generated: <base>/rest/oauth1-credential/callback?state=...).
	 * n8n then calls accessTokenUrl and stores oauthTokenData in the credential.
	 * Sends the owner cookie like a browser would (2.x rejects the callback
	 * without a logged-in user: N8N_SKIP_AUTH_ON_OAUTH_CALLBACK defaults to
	 * false in 2.x, true in 1.x). Returns { status, html, ok }:
	 * ok when n8n rendered its success page (no error text).
	 */
	async oauth1Callback(callbackUrl, { oauth_token, oauth_verifier }) {
		if (!this.cookie) await this.login();
		const u = new URL(callbackUrl);
		if (oauth_token) u.searchParams.set('oauth_token', oauth_token);
		if (oauth_verifier) u.searchParams.set('oauth_verifier', oauth_verifier);
		const res = await fetch(u, {
			headers: { cookie: this.cookie, 'browser-id': BROWSER_ID },
			redirect: 'manual',
		});
		const html = await res.text();
		// n8n renders templates/oauth-callback (success) or oauth-error-callback
		// ("Failed to connect." + <h4>Error: message</h4>) with status 200 either way
		const ok = res.status === 200 && !/Failed to connect/.test(html);
		const m = /<h4>Error: ([^<]*)<\/h4>/.exec(html);
		return { status: res.status, html, ok, error: m ? m[1] : ok ? undefined : html.slice(0, 500) };
	},

	/** Polls a URL until its status is (not) 404, e.g. a production webhook after (de)activation. */
	async waitForWebhook(url, { registered = true, method = 'HEAD', timeoutMs = 30000 } = {}) {
		const end = Date.now() + timeoutMs;
		for (;;) {
			const r = await fetch(url, { method }).catch(() => undefined);
			if (r && (r.status !== 404) === registered) return r.status;
			if (Date.now() > end)
				throw new Error(
					`${url} still ${registered ? 'unregistered' : 'registered'} after ${timeoutMs}ms`,
				);
			await new Promise((res) => setTimeout(res, 100));
		}
	},
};

module.exports = { restMethods, OWNER, BROWSER_ID };
