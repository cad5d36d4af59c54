import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';

export function registerComplaints(_app: FastifyInstance, _context: SandboxContext): void {}
