/** One case of the conformance corpus, as the runner hands it to a kind's checker. */
export interface CorpusCase {
  kind: string;
  name: string;
  /** Absolute path of the case's directory. */
  dir: string;
  /** The parsed case.yaml. */
  spec: any;
  /** The corpus root the case was found in. */
  root: string;
  /**
   * Every corpus root given on the command line, the case's own first: a trace case may name an
   * iptables case in another root (kept-back cases beside the corpus), but never another
   * release's case of the same name when its own root has one.
   */
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
