import type { CachePrediction, MechanismContext, PredictedRequest } from './cache-prediction';
import { predictBreakpoints } from './predict-breakpoints';
import { predictPrefix } from './predict-prefix';
import { predictPrefixUnits } from './predict-prefix-units';

/** One request through one provider's cache, by the mechanism the provider caches with. */
export function predictRequest(request: PredictedRequest, context: MechanismContext): CachePrediction {
  switch (context.provider.mechanism.kind) {
    case 'breakpoints':
      return predictBreakpoints(request, context);
    case 'prefix':
      return predictPrefix(request, context);
    case 'prefix-units':
      return predictPrefixUnits(request, context);
  }
}
