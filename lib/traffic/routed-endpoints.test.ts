import { describe, expect, it } from 'vitest';
import { routedEndpoint } from './routed-endpoints';

const route = (url: string, model = '') => routedEndpoint(new URL(url), model);

describe('routedEndpoint', () => {
  it('reads OpenRouter by the model it names: Anthropic models by Anthropic’s rule, OpenAI models by OpenAI’s', () => {
    expect(route('https://openrouter.ai/api/v1/chat/completions', 'anthropic/claude-sonnet-4.6')).toEqual({
      provider: 'anthropic',
      shape: 'chat',
      via: 'OpenRouter',
      model: 'claude-sonnet-4-6',
    });
    expect(route('https://openrouter.ai/api/v1/responses', 'openai/gpt-5.6-sol')).toEqual({
      provider: 'openai',
      shape: 'responses',
      via: 'OpenRouter',
      model: 'gpt-5.6-sol',
    });
    expect(route('https://openrouter.ai/api/v1/chat/completions', 'openai/gpt-4o:extended')).toMatchObject({ provider: 'openai', model: 'gpt-4o' });
  });

  it('leaves what it cannot read: another provider behind OpenRouter, an Anthropic model through Responses, another path', () => {
    expect(route('https://openrouter.ai/api/v1/chat/completions', 'google/gemini-2.5-flash')).toBeNull();
    expect(route('https://openrouter.ai/api/v1/responses', 'anthropic/claude-sonnet-4.6')).toBeNull();
    expect(route('https://openrouter.ai/api/v1/embeddings', 'openai/text-embedding-3-small')).toBeNull();
    expect(route('https://openrouter.ai/api/v1/chat/completions', 'gpt-4o')).toBeNull();
  });

  it('reads Bedrock’s Anthropic models by the id in the path, through Converse or InvokeModel, a profile’s ARN too', () => {
    expect(route('https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse')).toEqual({
      provider: 'anthropic',
      shape: 'converse',
      via: 'Amazon Bedrock',
      model: 'claude-sonnet-4-5-20250929',
    });
    expect(route('https://bedrock-runtime.eu-west-1.amazonaws.com/model/anthropic.claude-3-5-haiku-20241022-v1:0/invoke-with-response-stream')).toMatchObject({
      shape: 'messages',
      model: 'claude-3-5-haiku-20241022',
    });
    const arn = encodeURIComponent('arn:aws:bedrock:us-east-1:123456789012:inference-profile/global.anthropic.claude-opus-4-6-v1');
    expect(route(`https://bedrock-runtime.us-east-1.amazonaws.com/model/${arn}/converse-stream`)).toMatchObject({
      shape: 'converse',
      model: 'claude-opus-4-6',
    });
  });

  it('reads a GovCloud profile and a context-window variant, and leaves a path it cannot decode', () => {
    expect(route('https://bedrock-runtime.us-gov-west-1.amazonaws.com/model/us-gov.anthropic.claude-sonnet-4-5-20250929-v1:0/converse')).toMatchObject({
      model: 'claude-sonnet-4-5-20250929',
    });
    expect(route('https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-sonnet-20240229-v1:0:200k/invoke')).toMatchObject({
      model: 'claude-3-sonnet-20240229',
    });
    expect(route('https://bedrock-runtime.us-east-1.amazonaws.com/model/%ZZ/converse')).toBeNull();
  });

  it('leaves Bedrock’s other models and other hosts', () => {
    expect(route('https://bedrock-runtime.us-east-1.amazonaws.com/model/us.amazon.nova-lite-v1%3A0/converse')).toBeNull();
    expect(route('https://bedrock.us-east-1.amazonaws.com/model/anthropic.claude-3-5-haiku-20241022-v1:0/converse')).toBeNull();
    expect(route('https://api.mistral.ai/v1/chat/completions', 'mistral-large-latest')).toBeNull();
  });
});
