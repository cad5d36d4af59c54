// `npm run build`: n8n's own tool, `n8n-node build`, compiles nodes/ and credentials/ (tsconfig.json) into dist/
// with the codex files and copies the icons. It copies every png and svg of the repository, so the screenshots
// in artifacts/ too: whatever it put in dist/ outside nodes/ and credentials/ is removed afterwards.
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const { series, task } = require('gulp');

const DIST = path.join(__dirname, 'dist');
const PACKAGE_FOLDERS = ['nodes', 'credentials'];

function n8nNodeBuild() {
	return spawn('npm', ['exec', '--', 'n8n-node', 'build'], { cwd: __dirname, stdio: 'inherit' });
}

async function keepOnlyThePackage() {
	for (const entry of fs.readdirSync(DIST)) {
		if (!PACKAGE_FOLDERS.includes(entry)) fs.rmSync(path.join(DIST, entry), { recursive: true, force: true });
	}
}

task('build', series(n8nNodeBuild, keepOnlyThePackage));
