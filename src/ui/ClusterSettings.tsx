import { useAppState } from '../state/storeContext.tsx';

/** What the cluster contributes that no pasted object says: the CNI plugin and native sidecars. */
export function ClusterSettings() {
  const cluster = useAppState((s) => s.cluster);
  const injection = useAppState((s) => s.result?.injection);
  const setCluster = useAppState((s) => s.setCluster);
  const cni = injection?.cni ?? cluster.cni ?? false;
  const native = cluster.nativeSidecars ?? true;
  return (
    <fieldset className="cluster-settings">
      <legend className="sr-only">Cluster</legend>
      <label title="With the Istio CNI plugin, the node programs the pod's iptables rules and istiod injects istio-validation instead of istio-init">
        <input type="checkbox" checked={cni} onChange={(e) => setCluster({ cni: e.target.checked })} /> Istio CNI
      </label>
      <label title="Kubernetes ≥ 1.29 runs istio-proxy as a native sidecar (an init container with restartPolicy: Always); istiod decides from the nodes' versions">
        <input type="checkbox" checked={native} onChange={(e) => setCluster({ nativeSidecars: e.target.checked })} /> Native sidecars
      </label>
    </fieldset>
  );
}
