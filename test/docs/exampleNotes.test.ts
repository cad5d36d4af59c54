/**
 * The examples' sticky notes as n8n draws them: tall enough for their text (none cut off at the bottom), and each
 * example saying to duplicate it before changing it. The end-to-end run measures the notes in the real editor
 * (test/e2e/editorPictures.ts); this estimate keeps an edited note from outgrowing its height before that runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';

const EXAMPLES = path.resolve(__dirname, '../../examples');

interface Note {
	example: string;
	name: string;
	content: string;
	width: number;
	height: number;
}

const notes: Note[] = fs
	.readdirSync(EXAMPLES)
	.filter((file) => file.endsWith('.json'))
	.sort()
	.flatMap((example) => {
		const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES, example), 'utf8')) as {
			nodes: Array<{ name: string; type: string; parameters: { content?: string; width?: number; height?: number } }>;
		};
		return workflow.nodes
			.filter((node) => node.type === 'n8n-nodes-base.stickyNote')
			.map(({ name, parameters }) => ({ example, name, content: parameters.content ?? '', width: parameters.width ?? 240, height: parameters.height ?? 160 }));
	});

const markdown = new MarkdownIt();

/**
 * The height n8n's sticky note needs for this Markdown, erring on the tall side: 12 px padding each side, text in
 * Inter 14 px on 19 px lines (about 6.8 px a character, 9 in inline code, a tenth more for wrapping) with 14 px
 * between paragraphs, headings of 33 px (##) and 24 px (###), code blocks of 16 px lines. In the real editor every
 * example note's text took less than its estimate: 3 to 24% less in n8n 1.123.81 (which spaces paragraphs
 * wider), 10 to 24% less in n8n 2.40.7.
 */
function estimatedHeight(content: string, width: number): number {
	const textWidth = width - 24;
	const lines = (inline: MarkdownIt.Token, characterWidth: number, room: number) => {
		let length = 0;
		for (const child of inline.children ?? []) length += child.content.length * (child.type === 'code_inline' ? 9 : characterWidth);
		return Math.max(1, Math.ceil((length * 1.1) / room));
	};
	const tokens = markdown.parse(content, {});
	let height = 8;
	let indent = 0;
	tokens.forEach((token, index) => {
		if (token.type === 'bullet_list_open' || token.type === 'ordered_list_open') indent += 20;
		if (token.type === 'bullet_list_close' || token.type === 'ordered_list_close') {
			indent -= 20;
			if (indent === 0) height += 14;
		}
		if (token.type === 'list_item_open') height += 4;
		if (token.type === 'heading_open') {
			const size = token.tag === 'h2' ? 33 : token.tag === 'h3' ? 24 : token.tag === 'h1' ? 40 : 20;
			height += lines(tokens[index + 1], size * 0.55, textWidth - indent) * size + 8;
		}
		if (token.type === 'paragraph_open') height += lines(tokens[index + 1], 6.8, textWidth - indent) * 19 + (token.hidden ? 0 : 14);
		if (token.type === 'fence' || token.type === 'code_block') height += token.content.split('\n').filter(Boolean).length * 16 + 48;
	});
	return Math.ceil(height);
}

describe('the example workflows\' sticky notes', () => {
	it('are tall enough for their text', () => {
		const short = notes
			.map((note) => ({ ...note, needed: estimatedHeight(note.content, note.width) }))
			.filter(({ height, needed }) => height < needed)
			.map(({ example, name, height, needed }) => `${example} › ${name}: ${height} px, its text needs about ${needed}`);
		expect(short).toEqual([]);
	});

	it('say, in each example, to duplicate it before changing it', () => {
		const examples = [...new Set(notes.map((note) => note.example))];
		const silent = examples.filter((example) => !notes.some((note) => note.example === example && /duplicate this workflow before changing it/i.test(note.content)));
		expect(examples).toHaveLength(8);
		expect(silent).toEqual([]);
	});

	it('a note with more text than room is found', () => {
		const paragraph = 'Cargus issues some invoices days after their date, and the trigger still emits them once. ';
		const content = `## A note\n\n${paragraph.repeat(6)}\n\n1. one\n2. two\n\n\`\`\`\ncurl -X POST http://127.0.0.1:5678/webhook/x\n\`\`\``;
		expect(estimatedHeight(content, 460)).toBeGreaterThan(300);
		expect(estimatedHeight('### Emails\nOne line.', 380)).toBeLessThan(100);
	});
});
