import { deflateSync } from 'node:zlib';
import { itfModules } from './barcode';
import { toServiceDate } from './dates';

/**
 * The delivery confirmation picture of a delivered parcel, as a courier's phone would take it: the parcel at a door,
 * its label's barcode (Interleaved 2 of 5, readable) and digits, and the delivery's date and time (Bucharest) stamped
 * in a corner. A PNG of 480 x 320 pixels, drawn here (a few flat shapes compress to a few kilobytes).
 */
export const PICTURE_SIZE = { width: 480, height: 320 };

type Color = readonly [number, number, number];

/** 5 x 7 glyphs, one string of 5 bits per row. */
const GLYPHS: Record<string, string[]> = {
	'0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
	'1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
	'2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
	'3': ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
	'4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
	'5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
	'6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
	'7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
	'8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
	'9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
	'-': ['00000', '00000', '00000', '11111', '00000', '00000', '00000'],
	':': ['00000', '01100', '01100', '00000', '01100', '01100', '00000'],
	' ': ['00000', '00000', '00000', '00000', '00000', '00000', '00000'],
};

class Canvas {
	readonly pixels: Uint8Array;

	constructor(
		readonly width: number,
		readonly height: number,
	) {
		this.pixels = new Uint8Array(width * height * 3);
	}

	fill(x: number, y: number, width: number, height: number, color: Color): void {
		for (let row = Math.max(0, y); row < Math.min(this.height, y + height); row++) {
			for (let column = Math.max(0, x); column < Math.min(this.width, x + width); column++) this.pixels.set(color, (row * this.width + column) * 3);
		}
	}

	/** Text of GLYPHS' characters, each pixel a scale x scale square; answers the width drawn. */
	text(text: string, x: number, y: number, scale: number, color: Color): number {
		[...text].forEach((character, index) => {
			const glyph = GLYPHS[character] ?? GLYPHS[' '];
			glyph.forEach((bits, row) => {
				for (let column = 0; column < 5; column++) if (bits[column] === '1') this.fill(x + (index * 6 + column) * scale, y + row * scale, scale, scale, color);
			});
		});
		return textWidth(text, scale);
	}

	png(): Buffer {
		const rows = Buffer.alloc((this.width * 3 + 1) * this.height);
		for (let row = 0; row < this.height; row++) rows.set(this.pixels.subarray(row * this.width * 3, (row + 1) * this.width * 3), row * (this.width * 3 + 1) + 1);
		const header = Buffer.alloc(13);
		header.writeUInt32BE(this.width, 0);
		header.writeUInt32BE(this.height, 4);
		header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, no filter method, no interlace
		return Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
	}
}

const textWidth = (text: string, scale: number) => (text.length * 6 - 1) * scale;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});

function crc32(bytes: Buffer): number {
	let c = 0xffffffff;
	for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(typed));
	return Buffer.concat([length, typed, crc]);
}

/** The picture of the parcel with that barcode, delivered at `deliveredAt`. */
export function deliveryPicture(barcode: string, deliveredAt: number): Buffer {
	const { width, height } = PICTURE_SIZE;
	const canvas = new Canvas(width, height);
	canvas.fill(0, 0, width, 210, [214, 201, 178]); // the wall
	canvas.fill(300, 20, 150, 190, [120, 84, 52]); // the door
	canvas.fill(420, 110, 12, 6, [200, 170, 80]); // its handle
	canvas.fill(0, 210, width, height - 210, [132, 132, 128]); // the doorstep
	canvas.fill(70, 96, 300, 196, [160, 116, 68]); // the box
	canvas.fill(70, 96, 300, 8, [128, 90, 50]); // its top edge
	canvas.fill(214, 96, 12, 196, [176, 150, 110]); // the tape
	// The label: the barcode's bars, its digits under them.
	const narrow = 2;
	const modules = itfModules(barcode);
	const barsWidth = modules.reduce((sum, [, modulesWide]) => sum + modulesWide * narrow, 0);
	const labelWidth = Math.max(barsWidth, textWidth(barcode, 2)) + 32;
	const labelX = 220 - Math.round(labelWidth / 2);
	canvas.fill(labelX, 126, labelWidth, 112, [250, 250, 246]);
	let cursor = 220 - Math.round(barsWidth / 2);
	for (const [isBar, modulesWide] of modules) {
		if (isBar) canvas.fill(cursor, 138, modulesWide * narrow, 64, [0, 0, 0]);
		cursor += modulesWide * narrow;
	}
	canvas.text(barcode, 220 - Math.round(textWidth(barcode, 2) / 2), 212, 2, [0, 0, 0]);
	// The camera's date stamp, bottom right.
	const stamp = toServiceDate(deliveredAt).slice(0, 16).replace('T', ' ');
	const stampWidth = textWidth(stamp, 2);
	canvas.fill(width - stampWidth - 20, height - 32, stampWidth + 12, 24, [24, 24, 24]);
	canvas.text(stamp, width - stampWidth - 14, height - 27, 2, [255, 150, 20]);
	return canvas.png();
}
