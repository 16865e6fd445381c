/**
 * Worked verification examples of the engine (ADR 0135). Each example states where its expected
 * values come from and derives them without calling the engine; `run` calls the engine and returns the
 * computed values by quantity name. The examples are rendered into docs/verification.md by `npm run verify`
 * and run as vitest tests (packages/engine/test/verification.test.ts).
 */

/** Tolerance of one check: relative to the expected value, or absolute in the quantity's unit. */
export type Tolerance = { rel: number } | { abs: number };

/** One expected quantity of an example. */
export type ExpectedValue = {
  /** key into the values returned by `run` */ quantity: string;
  unit: string;
  expected: number;
  tolerance: Tolerance;
};

/** One worked example. */
export type VerificationExample = {
  /** stable id, e.g. "AX-3" */ id: string;
  title: string;
  /** kind and citation of the source of the expected values */ source: string;
  /** inputs as shown in the manual (name → value with unit) */ inputs: Record<string, string>;
  /** the hand calculation or closed form, one step per line */ derivation: string[];
  expected: ExpectedValue[];
  /** runs the engine and returns the computed quantities */ run: () => Record<string, number>;
};

/** A family of examples: one section of the manual. */
export type VerificationFamily = { id: string; title: string; examples: VerificationExample[] };

/** Outcome of one check. */
export type CheckOutcome = ExpectedValue & {
  computed: number;
  /** computed − expected */ deviation: number;
  /** |deviation| / |expected| (null when expected = 0) */ relative: number | null;
  isPass: boolean;
};

/** Outcome of one example. */
export type ExampleOutcome = {
  example: VerificationExample;
  checks: CheckOutcome[];
  isPass: boolean;
};

/** Compares the computed values of one example with the expected ones. */
export const evaluateExample = (example: VerificationExample): ExampleOutcome => {
  const values = example.run();
  const checks = example.expected.map((e): CheckOutcome => {
    const computed = values[e.quantity] ?? Number.NaN;
    const deviation = computed - e.expected;
    const relative = e.expected === 0 ? null : Math.abs(deviation) / Math.abs(e.expected);
    const limit = 'rel' in e.tolerance ? e.tolerance.rel * Math.abs(e.expected) : e.tolerance.abs;
    return {
      ...e,
      computed,
      deviation,
      relative,
      isPass: Number.isFinite(computed) && Math.abs(deviation) <= limit,
    };
  });
  return { example, checks, isPass: checks.every((c) => c.isPass) };
};
