/** @palace/server — the composition root (for tests and embedding; `main.ts` runs it). */
export { buildServer, DOCS_PATH, type Server } from './app.js';
export { type LogLevel, loadConfig, type ServerConfig } from './config.js';
export { cryptoIds, LocalPublisher, systemClock, TimerScheduler } from './ports.js';
