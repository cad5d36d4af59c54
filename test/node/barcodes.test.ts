import { parseBarcodes } from '../../nodes/shared/values/barcodes';

describe('parseBarcodes reads barcodes the way users give them', () => {
	test.each([
		['one barcode', '804115458', ['804115458']],
		['a comma-separated list', '804115458, 804346669', ['804115458', '804346669']],
		['a newline-separated list', '804115458\n804346669\r\n', ['804115458', '804346669']],
		['the documented bracket form', '[804115458,804346669]', ['804115458', '804346669']],
		['quoted entries', '["804115458", "804346669"]', ['804115458', '804346669']],
		['an array from an expression', ['804115458', 804346669], ['804115458', '804346669']],
		['a number', 804115458, ['804115458']],
		['duplicates once', '804115458,804115458', ['804115458']],
	])('%s', (_, value, expected) => {
		expect(parseBarcodes(value)).toEqual(expected);
	});

	test.each([
		['letters', '12ab34', '"12ab34" is not a Cargus barcode: a barcode is 6 to 20 digits'],
		['too short', '12345', '"12345" is not a Cargus barcode: a barcode is 6 to 20 digits'],
		['nothing', '  ', 'No barcode given: enter one barcode or a list separated by commas or new lines'],
		['an object', { code: 1 }, 'Barcodes must be text, a number or a list, not the object {"code":1}'],
	])('refuses %s, saying what is wrong', (_, value, message) => {
		expect(() => parseBarcodes(value)).toThrow(message);
	});
});
