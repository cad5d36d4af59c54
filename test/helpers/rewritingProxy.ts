import { startRecordingProxy, type AnswerRewrite } from './recordingProxy';

export type { AnswerRewrite };

export interface RewritingProxy {
	/** Base URL to give the credential instead of the target's. */
	readonly url: string;
	rewrite: AnswerRewrite;
	stop(): Promise<void>;
}

/**
 * Forwards every request to `target` and passes its answer on, except that a JSON answer goes through
 * `rewrite` first: a service answering what it may answer but the sandbox does not (an undocumented
 * order, a date typed wrong at Cargus).
 */
export async function startRewritingProxy(target: string): Promise<RewritingProxy> {
	const rewrite: { current: AnswerRewrite } = { current: () => undefined };
	const proxy = await startRecordingProxy(target, rewrite);
	return {
		url: proxy.url,
		get rewrite() {
			return rewrite.current;
		},
		set rewrite(next: AnswerRewrite) {
			rewrite.current = next;
		},
		stop: async () => await proxy.stop(),
	};
}
