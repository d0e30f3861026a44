import { EventEmitter } from 'node:events';

/**
 * In-process wake-up of the delivery loop: enqueuing emits 'queued' so a running loop sends at
 * once instead of at its next tick. Only a shortcut — the loop polls the table anyway, so a
 * message queued by another process is sent at the next tick.
 */
export const outboxSignal = new EventEmitter();
outboxSignal.setMaxListeners(50);

export function signalOutbox(): void {
  outboxSignal.emit('queued');
}
