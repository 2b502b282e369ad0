import { describe, expect, it } from 'vitest';
import { sameDuty } from './same-duty.ts';
import { dutyGrowth } from './obligation-growth.ts';

describe('sameDuty: the same duty told another way', () => {
  it.each([
    ['An AS MUST reject the request.', 'An authorization server MUST reject the request.', /“AS” is spelled out as “authorization server”/],
    ['Clients MUST validate the token as described in [RFC6750].', 'Clients MUST validate the token as described in [RFC9068].', /only its references changed/],
    ['A server MUST close the stream.', 'A server MUST close the stream, as {{RFC9113}} describes.', /only its references changed/],
    ['Before sending a request, the client MUST open a session.', 'The client MUST open a session before sending a request.', /a clause moved/],
    // A rule moved next to other text: tied to it by a connective, its subject another word of one family, its pointer phrased another way.
    ['Implementations MUST follow the widget rules as laid out in the Widget Guide.', 'Additionally, implementors MUST follow the widget rules as outlined in the Widget Guide.', /same family/],
  ])('%s → %s', (before, after, reason) => {
    expect(sameDuty(before, after)).toMatch(reason);
    expect(dutyGrowth(before, after)).toEqual([]);
  });

  it.each([
    ['Clients MUST send X before Y.', 'Clients MUST send Y before X.'],
    ['Servers MUST reject the request.', 'Clients MUST reject the request.'],
    ['The server MUST respond within 5 seconds.', 'The server MUST respond within 5 seconds when the client is connected.'],
    // A duty that is to follow what a reference says changes with the reference.
    ['The client MUST follow Section 4 of [RFC9110].', 'The client MUST follow Section 5 of [RFC9110].'],
    // A family of words after the keyword is another duty: what is asked changed.
    ['Servers MUST validate the implementation.', 'Servers MUST validate the implementor.'],
    ['Additionally, servers MUST validate requests.', 'Servers MUST validate requests from clients.'],
  ])('not: %s → %s', (before, after) => {
    expect(sameDuty(before, after)).toBeNull();
  });
});
