import fs from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';

type Token = MarkdownIt.Token;

const markdown = new MarkdownIt({ html: true });

export interface BrokenLink {
	file: string;
	href: string;
	reason: string;
}

function textOf(inline: Token): string {
	return (inline.children ?? [])
		.filter((child) => child.type === 'text' || child.type === 'code_inline')
		.map((child) => child.content)
		.join('');
}

/** The anchors GitHub gives a Markdown file: one per heading (numbered when repeated), plus HTML ids. */
export function anchorsOf(source: string): Set<string> {
	const slugger = new GithubSlugger();
	const anchors = new Set<string>();
	const tokens = markdown.parse(source, {});
	tokens.forEach((token, index) => {
		if (token.type === 'heading_open') anchors.add(slugger.slug(textOf(tokens[index + 1])));
	});
	for (const match of source.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
	return anchors;
}

function hrefsOf(source: string): string[] {
	const hrefs: string[] = [];
	const visit = (tokens: Token[]) => {
		for (const token of tokens) {
			if (token.type === 'link_open') hrefs.push(String(token.attrGet('href') ?? ''));
			if (token.type === 'image') hrefs.push(String(token.attrGet('src') ?? ''));
			if (token.children) visit(token.children);
		}
	};
	visit(markdown.parse(source, {}));
	return hrefs;
}

/** The pictures a Markdown source shows: `![alt](src)` and HTML `<img src="...">`. */
export function picturesOf(source: string): string[] {
	const pictures: string[] = [];
	const visit = (tokens: Token[]) => {
		for (const token of tokens) {
			if (token.type === 'image') pictures.push(String(token.attrGet('src') ?? ''));
			if (token.children) visit(token.children);
		}
	};
	visit(markdown.parse(source, {}));
	for (const match of source.matchAll(/<img\s[^>]*src="([^"]+)"/g)) pictures.push(match[1]);
	return pictures;
}

/**
 * Every picture these Markdown files show that the repository does not hold: a web address, a path to no file, or a
 * file git does not track (one the e2e run wrote and nobody committed). `tracked`: paths relative to `root`.
 */
export function missingPictures(files: string[], root: string, tracked: Set<string>): BrokenLink[] {
	const missing: BrokenLink[] = [];
	for (const file of files) {
		for (const src of picturesOf(fs.readFileSync(file, 'utf8'))) {
			const target = path.relative(root, path.resolve(path.dirname(file), decodeURIComponent(src.split('#')[0])));
			if (/^[a-z][a-z0-9+.-]*:/i.test(src)) missing.push({ file, href: src, reason: 'not in the repository' });
			else if (!tracked.has(target.split(path.sep).join('/'))) missing.push({ file, href: src, reason: fs.existsSync(path.join(root, target)) ? 'not committed' : 'no such file' });
		}
	}
	return missing;
}

/** Every relative link of these Markdown files whose file or anchor does not exist. */
export function brokenLinks(files: string[]): BrokenLink[] {
	const broken: BrokenLink[] = [];
	for (const file of files) {
		for (const href of hrefsOf(fs.readFileSync(file, 'utf8'))) {
			if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue;
			const [target, anchor] = href.split('#', 2);
			const targetFile = target === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(target));
			if (!fs.existsSync(targetFile)) {
				broken.push({ file, href, reason: 'no such file' });
				continue;
			}
			if (anchor === undefined || !targetFile.endsWith('.md')) continue;
			if (!anchorsOf(fs.readFileSync(targetFile, 'utf8')).has(anchor)) broken.push({ file, href, reason: 'no such heading' });
		}
	}
	return broken;
}
