/** A bare node:http server answering every request with the same bytes (status, content type, body). Runs in a worker thread. */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

interface Answer {
	status: number;
	contentType: string;
	body: string;
}

const answer = workerData as Answer;
const body = Buffer.from(answer.body);
const server = http.createServer((request, response) => {
	request.resume();
	response.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': body.length });
	response.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
	const address = server.address();
	parentPort?.postMessage({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
});
parentPort?.on('message', (message: unknown) => {
	if (message === 'stop') server.close(() => process.exit(0));
});
