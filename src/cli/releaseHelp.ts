// The release flag's name and help, without the engine (verbs.ts prints help before loading it).

/** The flag every verb takes for the Istio release: `--istio-version 1.24`, `1.24.3`, `master` or `auto`. */
export const RELEASE_FLAG = '--istio-version';

export const RELEASE_HELP = `      --istio-version V       the Istio release to simulate: 1.22 or later, a patch such as
                              1.24.3, master, or auto (default: as the app's Istio setting reads
                              it, from the injector ConfigMap's global.tag, labels and templates,
                              else the image tags of istiod and of injected proxies; else master;
                              a release read from the input is named on standard error, with why)`;
