/** One case of the conformance corpus, as the runner hands it to a kind's checker. */
export interface CorpusCase {
  kind: string;
  name: string;
  /** Absolute path of the case's directory. */
  dir: string;
  /** The parsed case.yaml. */
  spec: any;
  /** Every corpus root given on the command line (a trace case may name an iptables case in another root). */
  roots: string[];
}

export interface CaseOutcome {
  pass: boolean;
  /** A short, human-readable explanation of the difference when the case failed. */
  diff?: string;
  /** Extra per-case detail for --json. */
  detail?: unknown;
}

export type KindChecker = (c: CorpusCase) => CaseOutcome | Promise<CaseOutcome>;
