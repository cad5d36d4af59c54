export const CONTROL_PREFIX = '/_sandbox';

export function isControlPath(url: string): boolean {
	return url.slice(0, CONTROL_PREFIX.length).toLowerCase() === CONTROL_PREFIX;
}
