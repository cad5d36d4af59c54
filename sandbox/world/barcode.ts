/** Interleaved 2 of 5 bar patterns (n narrow, w wide). */
const ITF_PATTERNS = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];

/** The digits as an Interleaved 2 of 5 barcode: [bar or space, width in narrow modules], start to stop (a 0 before an odd count). */
export function itfModules(digits: string): Array<[boolean, number]> {
	const code = digits.length % 2 === 0 ? digits : `0${digits}`;
	const modules: Array<[boolean, number]> = [[true, 1], [false, 1], [true, 1], [false, 1]];
	for (let i = 0; i < code.length; i += 2) {
		const bars = ITF_PATTERNS[Number(code[i])];
		const spaces = ITF_PATTERNS[Number(code[i + 1])];
		for (let k = 0; k < 5; k++) modules.push([true, bars[k] === 'w' ? 3 : 1], [false, spaces[k] === 'w' ? 3 : 1]);
	}
	modules.push([true, 3], [false, 1], [true, 1]);
	return modules;
}
