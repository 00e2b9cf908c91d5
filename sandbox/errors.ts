/** Errors that become JSON answers `{"error": code, "error_msg": text}`. */

export class HttpError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
	) {
		super(message);
	}

	body(): { error: string; error_msg: string } {
		return { error: this.code, error_msg: this.message };
	}
}

/** Malformed request: bad JSON, missing wrapper, bad query parameter. */
export const badRequest = (message: string, code = 'bad_request') =>
	new HttpError(400, code, message);

/** Well-formed request whose values break a rule (required field, unknown section, state). */
export const unprocessable = (message: string, code = 'validation_failed') =>
	new HttpError(422, code, message);

export const notFound = (message: string) => new HttpError(404, 'not_found', message);

export const unauthorized = (message: string) => new HttpError(401, 'unauthorized', message);
