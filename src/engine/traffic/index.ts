// The Traffic section: the capture rules of one pod in one family, the packet presets shaped to
// them, and one packet traced through them. The scenario's capture stage (../scenario/trafficStages.ts)
// chooses between this sidecar capture and ambient's in-pod rules (../ambient/), which share its shape.
export { analyzeTraffic, captureTraffic, firstContainerPort, traceTraffic, trafficResult, type TrafficCapture, type TrafficOptions, type TrafficResult } from './trafficSection.ts';
export { CLIENT_ADDRESS, CLUSTER_DNS, POD_ADDRESS, SERVICE_ADDRESS, trafficPresets, type TrafficPreset } from './trafficPresets.ts';
