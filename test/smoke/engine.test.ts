import 'reflect-metadata';
import { WorkflowExecute, ExecutionLifecycleHooks } from 'n8n-core';

test('engine loads', () => {
	expect(typeof WorkflowExecute).toBe('function');
	expect(typeof ExecutionLifecycleHooks).toBe('function');
});
