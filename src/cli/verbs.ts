import type { Verb } from './io.ts';
import { settingsHelp } from './settings.ts';
import { RELEASE_HELP } from './releaseHelp.ts';

/**
 * Every verb: its one-line summary, its --help, and how to load it. The help lives here, not in
 * the verb's file, so `meshsim --help` and `meshsim VERB --help` print without loading the engine.
 * A verb is its own file under verbs/ (exporting `run`) plus one entry here.
 */
export interface VerbSpec {
  summary: string;
  /** The verb's manual: usage lines, options, exit codes. */
  help(): string;
  load(): Promise<{ run: Verb }>;
}

const FILES = `  -f, --filename FILE         a YAML or JSON file, repeatable; - reads standard input`;

export const VERBS: Record<string, VerbSpec> = {
  check: {
    summary: 'why each pod is (or is not) in the mesh — sidecar or ambient — as the app shows it',
    help: () => `Usage: meshsim check -f FILE... [options]

For every Pod or workload (Deployment, StatefulSet, DaemonSet, ReplicaSet, Job, CronJob, or any
object with a pod template) in the files: the MutatingWebhookConfigurations the API server calls,
the rows istioctl x check-inject prints, istiod's decision step by step, the verdict, and verified
changes that would turn it around; then the data plane — sidecar, ambient or out of the mesh —
with istio-cni's checks step by step, the node agent's view of a running pod, and verified fixes
(enroll, keep out, resolve a sidecar/ambient conflict). Files may hold any mix of objects, or a
kubectl List; an istio-cni-config ConfigMap, IstioCNI resource or istio-cni chart values among
them set istio-cni (else Istio's ambient profile, as in the app).

Without a MutatingWebhookConfiguration in the files, the webhooks of a default Istio install are
used (the app's default scenario), and without an istio-sidecar-injector or istio ConfigMap,
meshsim's built-in install; check says so.

Options:
${FILES}
  -o, --output FORMAT         text (default), wide (adds the label truth table), json or yaml
      --json                  same as -o json
      --no-suggestions        do not search for changes that would turn the verdict around
      --truth-table           print the label truth table (as -o wide does)
      --rules                 ambient pods: print the in-pod rules and trace packets through them
${RELEASE_HELP}
${settingsHelp().join('\n')}

Exit codes:
  0  every workload is in the mesh: injected, or enrolled in ambient
  1  some workload is out of the mesh, or istiod would reject it
  2  the command line or the input is wrong: a missing file, a YAML error, no workload`,
    load: () => import('./verbs/check.ts'),
  },
  inject: {
    summary: 'the injected YAML, like istioctl kube-inject -f',
    help: () => `Usage: meshsim inject -f FILE... [options]

Injects every pod template in the files as istioctl kube-inject does and prints the YAML; skip
warnings go to standard error. Without --injector-config, meshsim's built-in install is used: it
is Istio master's chart (master's templates and proxy image tag), and inject says so when
--istio-version names another release.

Options:
${FILES}
      --injector-config FILE  the istio-sidecar-injector ConfigMap, or its config key's text
      --values FILE           the injector's values (JSON or YAML)
      --mesh-config FILE      the istio ConfigMap, or its mesh key's text
      --revision R            the revision kube-inject injects for
      --native-sidecars=BOOL  istio-proxy as a native sidecar (default true, as on current
                              Kubernetes nodes and in the app; istioctl's offline default is false)
${RELEASE_HELP}
  -o, --output FORMAT         yaml (default), json (the pods as the webhook patches them) or patch

Exit codes:
  0  the YAML was written
  1  istiod would reject a pod (its template or an annotation fails)
  2  the command line or the input is wrong`,
    load: () => import('./verbs/inject.ts'),
  },
  iptables: {
    summary: 'the iptables rules istio-iptables would install for a pod',
    help: () => `Usage: meshsim iptables -f POD.yaml [options]
       meshsim iptables --cluster-env FILE [options]
       meshsim iptables [options] -- ISTIO_IPTABLES_ARGS...

The iptables-restore payload (or, with --view save, the kernel's iptables-save view) for an
injected pod (its istio-init container, or the CNI plugin's annotations), a VM's cluster.env, or
an istio-iptables command line. Pipe an uninjected workload through inject first:
  meshsim inject -f deployment.yaml | meshsim iptables -f -
When the configuration asks for the nftables backend (--native-nftables, NATIVE_NFTABLES, the
CNI plugin's native_nftables), the nft script (or nft list ruleset) is printed instead.

Options:
${FILES}
      --cluster-env FILE      a VM's cluster.env
      --view payload|save     the restore payload (default) or the kernel's view
      --ipv6                  the IPv6 rules
      --env NAME=VALUE        an environment variable for istio-iptables, repeatable
      --pod-ip IP             the pod's address, repeatable
      --nameserver IP         a resolv.conf nameserver, repeatable
      --why                   say why each rule group is there
      --istio-version V       the Istio release whose istio-iptables runs: 1.22 or later, a patch
                              such as 1.24.3, or master (default: the release the pod's
                              istio-init/istio-proxy image names, else master)
  -o, --output FORMAT         text (default), json or yaml
      --json                  same as -o json

Exit codes:
  0  the rules were printed
  1  the pod is not injected, so nothing captures its traffic
  2  the command line or the input is wrong`,
    load: () => import('./verbs/iptables.ts'),
  },
  nftables: {
    summary: "the nft script istio-iptables' native nftables backend would apply for a pod",
    help: () => `Usage: meshsim nftables -f POD.yaml [options]
       meshsim nftables --cluster-env FILE [options]
       meshsim nftables [options] -- ISTIO_IPTABLES_ARGS...

The nft script istio-iptables --native-nftables applies (or, with --view ruleset, what
nft list ruleset prints after it is loaded) for an injected pod, a VM's cluster.env or an
istio-iptables command line: the same as meshsim iptables with native nftables switched on
(--native-nftables, NATIVE_NFTABLES=true, the CNI plugin's native_nftables).

Options:
${FILES}
      --cluster-env FILE      a VM's cluster.env
      --view script|ruleset   the nft script (default) or the kernel's nft list ruleset
      --env NAME=VALUE        an environment variable for istio-iptables, repeatable
      --pod-ip IP             the pod's address, repeatable (an IPv6 one adds the ip6 rules)
      --nameserver IP         a resolv.conf nameserver, repeatable
      --why                   say why the rules are what they are
      --istio-version V       the Istio release whose istio-iptables runs: 1.27 or later (the first
                              with native nftables), a patch such as 1.28.1, or master (default:
                              the release the pod's istio-init/istio-proxy image names, else master)
  -o, --output FORMAT         text (default), json or yaml
      --json                  same as -o json

Exit codes:
  0  the rules were printed
  1  the pod is not injected, so nothing captures its traffic
  2  the command line or the input is wrong`,
    load: () => import('./verbs/nftables.ts'),
  },
  trace: {
    summary: 'a packet through the rules, from a trace case file',
    help: () => `Usage: meshsim trace FILE [options]

FILE is a trace case (case.yaml with rules.payload naming the rules file beside it, and the
packet); its expected outcome is ignored. Prints every rule the packet hits and where it ends.

Options:
  -o, --output FORMAT         text (default), json or yaml
      --json                  same as -o json

Exit codes:
  0  the packet was traced
  1  the trace could not finish (a rule the tracer does not model)
  2  the command line or the input is wrong`,
    load: () => import('./verbs/trace.ts'),
  },
  audit: {
    summary: 'every pod of a cluster dump: verdict, render, capture, what a restart would change',
    help: () => `Usage: meshsim audit -f DUMP.yaml [options]

DUMP is the output of
  kubectl get namespaces,pods,mutatingwebhookconfigurations,configmaps -A -o yaml
Each pod is taken through the webhooks, istiod's decision and the render of the revision that
would inject it now, its capture rules derived, and its sidecar compared with the one a restart
would give it; the pods are then grouped by what a restart would change. A revision without an
istio-sidecar-injector ConfigMap in the dump is rendered with meshsim's built-in install: it is
Istio master's chart, and audit says so when the revision is audited as another release.

Options:
${FILES}
  -o, --output FORMAT         text (default), wide (adds why each pod drifts), json or yaml
      --json                  same as -o json
      --target-install PATH   first apply a second install (a file, or a directory of the YAML
                              helm template / istioctl manifest generate writes): the next
                              revision's webhooks and injector ConfigMap, or a newer release
      --admission-only        webhooks and istiod's decision only, no render (the older audit)
      --istio-version V       the Istio release istiod runs: 1.22 or later, a patch such as 1.24.3,
                              or master (default: as each revision's injector ConfigMap says, else
                              master)

Exit codes:
  0  no pod drifts
  1  some pod drifts: it needs a restart, has a sidecar it would not get now, runs an old
     revision, would be rejected by istiod, or would get another sidecar on restart
  2  the command line or the input is wrong, or the dump has no pod`,
    load: () => import('./verbs/audit.ts'),
  },
  releases: {
    summary: 'the Istio releases meshsim simulates, and what an upgrade changes release by release',
    help: () => `Usage: meshsim releases
       meshsim releases --from 1.24 [--to 1.28]
       meshsim releases -f istio-sidecar-injector.yaml [--to 1.28]

Without options: the releases meshsim simulates (1.22 to master; give one to any verb with
--istio-version). With --from, or -f with an istio-sidecar-injector ConfigMap (its release is read
as the app reads it: global.tag, chart labels, templates), what changes in injection,
istio-iptables and istio-cni on the way to --to (default master), release by release.

Options:
${FILES}
      --from R                the release you run: 1.24, 1.24.3 or master
      --to R                  the release you upgrade to (default master)
  -o, --output FORMAT         text (default), json or yaml
      --json                  same as -o json

Exit codes:
  0  the list was written
  2  the command line or the input is wrong (an unknown release, no install in the files)`,
    load: () => import('./verbs/releases.ts'),
  },
  conformance: {
    summary: 'run a conformance corpus (e.g. ../shared/conformance)',
    help: () => `Usage: meshsim conformance DIR... [options]

Runs every case of a corpus laid out as its README describes and prints one line per failing
case with a short diff, then "conformance: N passed, N failed". Several folders (e.g. every
release's corpus: conformance-releases/*) are counted each on its own first; a file among them
is skipped with a note.

Options:
      --kind K                only this kind, repeatable
  -o, --output FORMAT         text (default) or json
      --json                  same as -o json

Exit codes:
  0  every case passed
  1  some case failed, or no case ran
  2  the command line is wrong`,
    load: () => import('./verbs/conformance.ts'),
  },
};
