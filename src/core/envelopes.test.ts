import { describe, expect, it } from 'vitest';
import { FRAMINGS, envelopeLabel, framingLabel, framingOf, isFramedCall } from './envelopes.ts';

describe('the envelope vocabulary', () => {
  it('reads request and notification as framed, an embedded object or a bare call in a container as embedded, nothing else', () => {
    expect(framingOf('request')).toBe('framed');
    expect(framingOf('notification')).toBe('framed');
    expect(framingOf('embedded')).toBe('embedded');
    expect(framingOf('bare-call', 'pendingCalls')).toBe('embedded');
    // A bare call shown nowhere in particular may only be an example that left the framing out.
    expect(framingOf('bare-call')).toBeNull();
    for (const reply of ['result', 'error', 'bare-result'] as const) expect(framingOf(reply, 'x')).toBeNull();
  });

  it('keeps the fingerprints\' stored spelling of framings, in the order candidates are made', () => {
    expect(FRAMINGS).toEqual(['framed', 'embedded']);
  });

  it('tells a framed call only of the two ids an example\'s `id` decides between', () => {
    expect(['request', 'notification', 'result', 'bare-call', 'embedded', 'JSON-RPC request', undefined].filter(isFramedCall)).toEqual(['request', 'notification']);
  });

  it('labels envelopes and framings in the words records print', () => {
    expect(envelopeLabel('request')).toBe('JSON-RPC request');
    expect(envelopeLabel('embedded')).toBe('embedded object');
    expect(framingLabel('framed', 'ignored')).toBe('sent as a JSON-RPC message of its own');
    expect(framingLabel('embedded', 'InputRequiredResult.inputRequests')).toBe('embedded in InputRequiredResult.inputRequests');
    expect(framingLabel('embedded', null)).toBe('embedded in another message');
  });
});
