const path = require('path');
const { task, src, dest } = require('gulp');

task('build:icons', copyIcons);

function copyIcons() {
	const options = { encoding: false };
	src(path.resolve('nodes', '**', '*.{png,svg,node.json}'), options).pipe(dest(path.resolve('dist', 'nodes')));
	return src(path.resolve('credentials', '**', '*.{png,svg}'), options).pipe(dest(path.resolve('dist', 'credentials')));
}
