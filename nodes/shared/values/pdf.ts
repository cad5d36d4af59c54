/** Whether the bytes are a PDF (they start as every PDF does). */
export function isPdf(bytes: Buffer): boolean {
	return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
}
