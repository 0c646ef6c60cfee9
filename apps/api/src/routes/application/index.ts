import type { FastifyInstance } from 'fastify';

export async function applicationRoutes(_app: FastifyInstance) {}
