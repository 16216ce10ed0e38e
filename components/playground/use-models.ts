'use client';

import { useEffect, useState } from 'react';
import { listModelsAction } from '@/app/actions/run-actions';
import type { ModelOption } from '@/lib/ai/providers';

const OFFLINE: ModelOption = { id: 'offline', label: 'Fork Lab offline (deterministic local model)', provider: 'offline', deterministic: true };

/** The models the server has configured (the offline one until the server answers). */
export function useModels(): ModelOption[] {
  const [models, setModels] = useState<ModelOption[]>([OFFLINE]);
  useEffect(() => {
    void listModelsAction().then(setModels, () => undefined);
  }, []);
  return models;
}
