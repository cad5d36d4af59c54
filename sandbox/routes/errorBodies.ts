import type { Answer } from './answers';

/**
 * The real-world error body shapes, one function each. Which situation uses which is listed in
 * sandbox/README.md ("Error bodies").
 */

/** Field validation (missing, wrong type, unparsable): ASP.NET ModelState naming each field. */
export function modelStateError(status: number, fields: Record<string, string[]>): Answer {
	return { status, body: { Message: 'The request is invalid.', ModelState: fields }, typeName: 'Error' };
}

/** Business rule broken by the values (unknown locality, dates in the wrong order, too many barcodes). */
export function messageListError(status: number, messages: string[]): Answer {
	return { status, body: messages, typeName: 'string' };
}

/** Conflict with existing state (unknown or foreign id, duplicate name): {"Error": "..."}. */
export function errorObject(status: number, message: string): Answer {
	return { status, body: { Error: message }, typeName: 'ErrorResponse' };
}

/** ASP.NET's generic message: unhandled errors and injected 500 faults. */
export function serverError(): Answer {
	return { status: 500, body: { Message: 'An error has occurred.' }, typeName: 'Error' };
}

/** Missing, invalid or expired token on operations that take one. */
export function notAuthorized(): Answer {
	return { status: 401, body: { Message: 'Authorization has been denied for this request.' }, typeName: 'Error' };
}

/** A bare JSON string: wrong login account. */
export function bareStringError(status: number, message: string): Answer {
	return { status, body: message, typeName: 'string' };
}

/** Gateway (API Management) bodies: always JSON, whatever the Accept header. */
export const gatewayBodies = {
	missingKey: {
		statusCode: 401,
		message: 'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.',
	},
	invalidKey: {
		statusCode: 401,
		message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
	},
	notFound: { statusCode: 404, message: 'Resource not found' },
	queryTooLong: { statusCode: 414, message: 'The query string of the request is longer than 2048 bytes.' },
	rateLimited: (seconds: number) => ({ statusCode: 429, message: `Rate limit is exceeded. Try again in ${seconds} seconds.` }),
};
