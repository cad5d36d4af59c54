/**
 * What the editor shows of the examples, measured and photographed in the real n8n: every sticky note tall enough
 * for its text, and the pictures README.md and docs/examples.md show (example 1's canvas, the Create form), taken
 * here so they stay true. The default version's run writes them to docs/images/; other versions to artifacts/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT, type Launched } from '../../scripts/lib/launcher';
import { exampleIds } from '../../scripts/lib/publish-examples';
import { assert, check, sleep } from './checks';
import { example } from './n8n-api';

/** Where the docs' pictures live, as README.md and docs/examples.md name them. */
export const DOC_PICTURES = {
	canvas: path.join(ROOT, 'docs', 'images', 'example-1-canvas.png'),
	createForm: path.join(ROOT, 'docs', 'images', 'create-form.png'),
};

/** A picture the repository keeps stays small enough to read the README on a slow line. */
const MAX_PICTURE_BYTES = 250 * 1024;
const STICKY_NOTE = 'n8n-nodes-base.stickyNote';

type Clip = { x: number; y: number; width: number; height: number };

/** Photographs `clip` of the page into `file`: a real picture (not blank), and small enough to keep in the repository. */
export async function savePicture(page: Page, file: string, clip: Clip): Promise<string> {
	fs.mkdirSync(path.dirname(file), { recursive: true });
	await page.screenshot({ path: file, clip, animations: 'disabled', caret: 'hide' });
	const bytes = fs.statSync(file).size;
	assert(bytes > 10000, `${path.basename(file)} is suspiciously small (${bytes} bytes)`);
	assert(bytes <= MAX_PICTURE_BYTES, `${path.basename(file)} is ${Math.round(bytes / 1024)} KB, more than ${MAX_PICTURE_BYTES / 1024} KB`);
	return `${path.relative(ROOT, file)} ${Math.round(clip.width)}x${Math.round(clip.height)}, ${Math.round(bytes / 1024)} KB`;
}

/** The part of the viewport the elements cover, with a margin. */
async function boxAround(page: Page, selector: string, margin: number): Promise<Clip> {
	const boxes = await page.locator(selector).evaluateAll((elements) =>
		elements.map((element) => {
			const rect = element.getBoundingClientRect();
			return { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
		}),
	);
	assert(boxes.length > 0, `nothing on the page matches ${selector}`);
	const viewport = page.viewportSize() ?? { width: 1440, height: 900 };
	const left = Math.max(0, Math.min(...boxes.map((box) => box.left)) - margin);
	const top = Math.max(0, Math.min(...boxes.map((box) => box.top)) - margin);
	const right = Math.min(viewport.width, Math.max(...boxes.map((box) => box.right)) + margin);
	const bottom = Math.min(viewport.height, Math.max(...boxes.map((box) => box.bottom)) + margin);
	return { x: Math.floor(left), y: Math.floor(top), width: Math.ceil(right - left), height: Math.ceil(bottom - top) };
}

/** Opens an example workflow on the canvas and waits until its nodes and sticky notes are drawn. */
async function openExample(page: Page, live: Launched, id: string): Promise<void> {
	const stickies = example(id).nodes.filter((node) => node.type === STICKY_NOTE).length;
	await page.goto(`${live.editorUrl}workflow/${id}`, { waitUntil: 'domcontentloaded' });
	await page.locator('[data-test-id="canvas-node"]').first().waitFor({ state: 'visible', timeout: 120000 });
	if (stickies > 0) await page.locator('[data-test-id="sticky"]').nth(stickies - 1).waitFor({ state: 'visible', timeout: 60000 });
	// The canvas fits the view and renders the notes' Markdown after the nodes appear.
	await sleep(1500);
}

/** Each sticky note's first line and how many pixels of its text lie below its bottom edge (0: all shown). */
async function stickyOverflows(page: Page): Promise<Array<{ title: string; hidden: number }>> {
	return await page.locator('[data-test-id="sticky"]').evaluateAll((notes) =>
		notes.map((note) => {
			// The note clips its Markdown: whatever scrolls inside it (the note, or its wrapper) is cut off. A hidden
			// element (the editing textarea) measures 0.
			const inner = [note, ...Array.from(note.querySelectorAll('*'))];
			const hidden = Math.max(...inner.map((element) => element.scrollHeight - element.clientHeight), 0);
			return { title: (note.textContent ?? '').trim().split('\n')[0].slice(0, 50), hidden };
		}),
	);
}

/** Every example's sticky notes show all their text: none is cut off at the bottom in the editor. */
export async function stickyNotesCheck(live: Launched, newPage: () => Promise<Page>): Promise<void> {
	await check('the examples\' sticky notes show all their text in the editor, none cut off (screenshot)', async () => {
		const page = await newPage();
		const cut: string[] = [];
		let notes = 0;
		for (const id of exampleIds()) {
			await openExample(page, live, id);
			const overflows = await stickyOverflows(page);
			const expected = example(id).nodes.filter((node) => node.type === STICKY_NOTE).length;
			assert(overflows.length === expected, `${id}: the canvas shows ${overflows.length} sticky notes, the file holds ${expected}`);
			notes += overflows.length;
			for (const { title, hidden } of overflows) if (hidden > 1) cut.push(`${id} "${title}": ${hidden} px cut off`);
			if (overflows.some(({ hidden }) => hidden > 1)) await page.screenshot({ path: path.join(ROOT, 'artifacts', `e2e-sticky-notes-${id}.png`) });
		}
		await page.close();
		assert(cut.length === 0, cut.join('; '));
		return `${notes} sticky notes in ${exampleIds().length} examples, each showing all its text`;
	});
}

/** Example 1 on the canvas, cropped to its nodes and notes: the picture README.md and docs/examples.md show. */
export async function pictureOfExampleCanvas(page: Page, live: Launched, id: string, file: string): Promise<string> {
	await openExample(page, live, id);
	// The nodes' names hang below their boxes: a wide margin keeps them in. The last node's "+" (close to the
	// canvas' own buttons on the right) is kept with a narrow one, and those buttons are left out.
	const nodes = await boxAround(page, '[data-test-id="canvas-node"], [data-test-id="sticky"]', 48);
	const plus = (await page.locator('[data-test-id="canvas-handle-plus-wrapper"]').count()) > 0 ? await boxAround(page, '[data-test-id="canvas-handle-plus-wrapper"]', 6) : nodes;
	const buttons = await page.locator('[data-test-id="node-creator-plus-button"]').first().boundingBox();
	const right = Math.min(Math.max(nodes.x + nodes.width, plus.x + plus.width), buttons ? Math.floor(buttons.x) - 1 : Number.POSITIVE_INFINITY);
	return await savePicture(page, file, { ...nodes, width: right - nodes.x });
}

/**
 * The open node's parameters panel, from its tabs down to the field labelled `last` (with its hint), or to the bottom
 * of the view when there is none: the Create form's picture.
 */
export async function pictureOfParameters(page: Page, file: string, last: string): Promise<string> {
	const panel = await boxAround(page, '[data-test-id="ndv"] [data-test-id="node-parameters"], [data-test-id="ndv"] [data-test-id="tab-params"]', 0);
	const field = page.locator('[data-test-id="ndv"] [data-test-id="parameter-item"]').filter({ hasText: last }).last();
	const fieldBox = (await field.count()) > 0 ? await field.boundingBox() : null;
	const bottom = fieldBox ? Math.min(panel.y + panel.height, Math.ceil(fieldBox.y + fieldBox.height + 12)) : panel.y + panel.height;
	return await savePicture(page, file, { ...panel, y: Math.max(0, panel.y - 12), height: bottom - Math.max(0, panel.y - 12) });
}
