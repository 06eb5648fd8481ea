import { CHANNELS, DEFAULT_PRICE_TABLE, estimateCost, parsePriceTable, type PriceTable } from './price-table';

describe('CHANNELS', () => {
  it('lists the three priced channels', () => {
    expect(CHANNELS).toEqual(['Sms', 'WhatsApp', 'Email']);
  });
});

describe('parsePriceTable', () => {
  it('parses a complete table', () => {
    const json = JSON.stringify({
      Sms: { default: 0.01, prefixes: { '1': 0.0079, '44': 0.04, '4477': 0.035 } },
      WhatsApp: { default: 0.005, prefixes: { '91': 0.001 } },
      Email: { default: 0.0001 },
    });
    expect(parsePriceTable(json)).toEqual({
      Sms: { default: 0.01, prefixes: { '1': 0.0079, '44': 0.04, '4477': 0.035 } },
      WhatsApp: { default: 0.005, prefixes: { '91': 0.001 } },
      Email: { default: 0.0001 },
    });
  });

  it('accepts an empty table and partial tables', () => {
    expect(parsePriceTable('{}')).toEqual({});
    expect(parsePriceTable('{"Email":{"default":0}}')).toEqual({ Email: { default: 0 } });
  });

  it('accepts zero prices and empty prefix maps', () => {
    expect(parsePriceTable('{"Sms":{"default":0,"prefixes":{}}}')).toEqual({ Sms: { default: 0, prefixes: {} } });
  });

  it('does not add a prefixes field when none was given', () => {
    expect(parsePriceTable('{"Sms":{"default":1}}').Sms).not.toHaveProperty('prefixes');
  });

  it('accepts a 15-digit prefix', () => {
    expect(parsePriceTable('{"Sms":{"default":1,"prefixes":{"123456789012345":2}}}').Sms?.prefixes).toEqual({
      '123456789012345': 2,
    });
  });

  it.each([
    ['invalid JSON', '{Sms:', /^\$: price table is not valid JSON/],
    ['an array root', '[]', /^\$: expected an object keyed by channel$/],
    ['a null root', 'null', /^\$: expected an object keyed by channel$/],
    ['a string root', '"Sms"', /^\$: expected an object keyed by channel$/],
    ['an unknown channel', '{"Fax":{"default":1}}', /^\$\.Fax: unknown channel \(expected Sms, WhatsApp, Email\)$/],
    ['a lower-case channel name', '{"sms":{"default":1}}', /^\$\.sms: unknown channel/],
    ['a __proto__ channel', '{"__proto__":{"default":1}}', /^\$\.__proto__: unknown channel/],
    ['a channel that is a number', '{"Sms":0.01}', /^\$\.Sms: expected an object with a default price$/],
    ['a channel that is null', '{"WhatsApp":null}', /^\$\.WhatsApp: expected an object with a default price$/],
    ['a channel that is an array', '{"Email":[0.01]}', /^\$\.Email: expected an object with a default price$/],
    ['a missing default', '{"Sms":{"prefixes":{}}}', /^\$\.Sms\.default: required$/],
    ['a string default', '{"Sms":{"default":"0.01"}}', /^\$\.Sms\.default: expected a non-negative number$/],
    ['a null default', '{"Sms":{"default":null}}', /^\$\.Sms\.default: expected a non-negative number$/],
    ['a negative default', '{"Email":{"default":-0.1}}', /^\$\.Email\.default: expected a non-negative number$/],
    ['an unknown field', '{"Sms":{"default":1,"prefix":{"44":1}}}', /^\$\.Sms\.prefix: unknown field/],
    ['prefixes on Email', '{"Email":{"default":1,"prefixes":{"1":1}}}', /^\$\.Email\.prefixes: Email is priced by default only$/],
    ['prefixes that are an array', '{"Sms":{"default":1,"prefixes":[1]}}', /^\$\.Sms\.prefixes: expected an object/],
    ['prefixes that are null', '{"Sms":{"default":1,"prefixes":null}}', /^\$\.Sms\.prefixes: expected an object/],
    ['a prefix with +', '{"Sms":{"default":1,"prefixes":{"+44":1}}}', /^\$\.Sms\.prefixes\.\+44: prefix must be/],
    ['a prefix starting with 0', '{"Sms":{"default":1,"prefixes":{"044":1}}}', /^\$\.Sms\.prefixes\.044: prefix must be/],
    ['a non-digit prefix', '{"WhatsApp":{"default":1,"prefixes":{"UK":1}}}', /^\$\.WhatsApp\.prefixes\.UK: prefix must be/],
    ['an empty prefix', '{"Sms":{"default":1,"prefixes":{"":1}}}', /^\$\.Sms\.prefixes\.: prefix must be/],
    ['a 16-digit prefix', '{"Sms":{"default":1,"prefixes":{"1234567890123456":1}}}', /^\$\.Sms\.prefixes\.1234567890123456: prefix must be/],
    ['a string prefix price', '{"Sms":{"default":1,"prefixes":{"44":"0.04"}}}', /^\$\.Sms\.prefixes\.44: expected a non-negative number$/],
    ['a negative prefix price', '{"Sms":{"default":1,"prefixes":{"44":-1}}}', /^\$\.Sms\.prefixes\.44: expected a non-negative number$/],
  ])('rejects %s, naming the path', (_name, json, message) => {
    expect(() => parsePriceTable(json)).toThrow(message);
  });

  it('returns fresh objects, not the parsed input', () => {
    const a = parsePriceTable('{"Sms":{"default":1,"prefixes":{"44":2}}}');
    const b = parsePriceTable('{"Sms":{"default":1,"prefixes":{"44":2}}}');
    expect(a).toEqual(b);
    expect(a.Sms).not.toBe(b.Sms);
  });

  it('round-trips the default table', () => {
    expect(parsePriceTable(JSON.stringify(DEFAULT_PRICE_TABLE))).toEqual(DEFAULT_PRICE_TABLE);
  });
});

describe('DEFAULT_PRICE_TABLE', () => {
  it('has the documented USD prices', () => {
    expect(DEFAULT_PRICE_TABLE).toEqual({
      Sms: { default: 0.0079, prefixes: { '1': 0.0079, '44': 0.04 } },
      WhatsApp: { default: 0.005 },
      Email: { default: 0.0001 },
    });
  });

  it('is deeply frozen so callers cannot change prices for everyone', () => {
    expect(Object.isFrozen(DEFAULT_PRICE_TABLE)).toBe(true);
    expect(Object.isFrozen(DEFAULT_PRICE_TABLE.Sms)).toBe(true);
    expect(Object.isFrozen(DEFAULT_PRICE_TABLE.Sms?.prefixes)).toBe(true);
    expect(() => {
      (DEFAULT_PRICE_TABLE.Sms as { default: number }).default = 0;
    }).toThrow(TypeError);
  });
});

describe('estimateCost', () => {
  const table: PriceTable = {
    Sms: { default: 0.05, prefixes: { '1': 0.0079, '44': 0.04, '4477': 0.035, '447700': 0.03 } },
    WhatsApp: { default: 0.005, prefixes: { '91': 0.001 } },
    Email: { default: 0.0001 },
  };

  describe('Sms', () => {
    it('multiplies the unit price by segments', () => {
      expect(estimateCost(table, 'Sms', '+33612345678', 1)).toBe(0.05);
      expect(estimateCost(table, 'Sms', '+33612345678', 4)).toBe(0.2);
    });

    it('falls back to a shorter prefix when a longer one only partly matches', () => {
      // Shares '447' with '4477' but is not under it.
      expect(estimateCost(table, 'Sms', '+447911123456', 1)).toBe(0.04);
    });

    it.each([
      ['+14155550123', 0.0079],
      ['+442071234567', 0.04],
      ['+447712345678', 0.035],
      ['+447700900123', 0.03],
      ['+447012345678', 0.04],
      ['+33612345678', 0.05],
      ['+2348021234567', 0.05],
    ])('prices %s at %d per segment', (destination, unit) => {
      expect(estimateCost(table, 'Sms', destination, 1)).toBe(unit);
    });

    it('never prices a number whose length is impossible for its country code', () => {
      expect(() => estimateCost(table, 'Sms', '+4477', 1)).toThrow('must be an E.164 number');
      expect(() => estimateCost(table, 'Sms', '+1415555001', 1)).toThrow('must be an E.164 number');
    });

    it('rounds to 6 decimals to remove float noise', () => {
      expect(0.0079 * 3).not.toBe(0.0237); // the noise being removed
      expect(estimateCost(table, 'Sms', '+14155550123', 3)).toBe(0.0237);
    });

    it('rounds half up on the decimal value, not its binary approximation', () => {
      const halves: PriceTable = { Sms: { default: 0.0001245 } };
      expect(0.0001245 * 1e6).toBeLessThan(124.5); // naive rounding would give 0.000124
      expect(estimateCost(halves, 'Sms', '+33612345678', 1)).toBe(0.000125);
      const thirds: PriceTable = { Sms: { default: 0.0000135 } };
      expect(estimateCost(thirds, 'Sms', '+33612345678', 3)).toBe(0.000041);
    });

    it('drops digits beyond the 6th decimal', () => {
      const fine: PriceTable = { Sms: { default: 0.00000012 } };
      expect(estimateCost(fine, 'Sms', '+33612345678', 1)).toBe(0);
      expect(estimateCost(fine, 'Sms', '+33612345678', 10)).toBe(0.000001);
    });

    it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects segment count %p', (segments) => {
      expect(() => estimateCost(table, 'Sms', '+14155550123', segments)).toThrow(RangeError);
    });

    it('uses the default when the table has no prefixes', () => {
      expect(estimateCost({ Sms: { default: 0.02 } }, 'Sms', '+14155550123', 2)).toBe(0.04);
    });

    it('ignores inherited properties when matching prefixes', () => {
      const prefixes = Object.create({ '1': 99 }) as Record<string, number>;
      expect(estimateCost({ Sms: { default: 0.02, prefixes } }, 'Sms', '+14155550123', 1)).toBe(0.02);
    });
  });

  describe('WhatsApp', () => {
    it('charges one unit price regardless of segments', () => {
      expect(estimateCost(table, 'WhatsApp', '+14155550123', 1)).toBe(0.005);
      expect(estimateCost(table, 'WhatsApp', '+14155550123', 5)).toBe(0.005);
    });

    it('uses prefixes', () => {
      expect(estimateCost(table, 'WhatsApp', '+919812345678', 3)).toBe(0.001);
    });
  });

  describe('Email', () => {
    it('charges the default once regardless of segments and destination', () => {
      expect(estimateCost(table, 'Email', 'user@example.com', 1)).toBe(0.0001);
      expect(estimateCost(table, 'Email', 'user@example.com', 9)).toBe(0.0001);
    });

    it('ignores prefixes even if a hand-built table carries them', () => {
      const odd = { Email: { default: 0.0001, prefixes: { '1': 5 } } } as PriceTable;
      expect(estimateCost(odd, 'Email', '+14155550123', 1)).toBe(0.0001);
    });
  });

  describe('errors', () => {
    it('throws when the channel has no price', () => {
      expect(() => estimateCost({ Sms: { default: 1 } }, 'WhatsApp', '+14155550123', 1)).toThrow(
        'no price configured for channel WhatsApp',
      );
    });

    it.each([
      ['Sms', '14155550123'],
      ['Sms', 'user@example.com'],
      ['WhatsApp', '+1 415 555 0123'],
    ] as const)('throws for a non-E.164 %s destination %s without echoing it', (channel, destination) => {
      expect(() => estimateCost(table, channel, destination, 1)).toThrow(
        new Error(`${channel} destination must be an E.164 number`),
      );
    });
  });

  describe('with DEFAULT_PRICE_TABLE', () => {
    it.each([
      ['Sms', '+14155550123', 2, 0.0158],
      ['Sms', '+447700900123', 3, 0.12],
      ['Sms', '+33612345678', 1, 0.0079],
      ['WhatsApp', '+447700900123', 3, 0.005],
      ['Email', 'user@example.com', 3, 0.0001],
    ] as const)('%s to %s, %d segment(s) → %d', (channel, destination, segments, cost) => {
      expect(estimateCost(DEFAULT_PRICE_TABLE, channel, destination, segments)).toBe(cost);
    });
  });
});
