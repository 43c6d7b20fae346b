// The endpoint kinds the provider checks drive (the CLI in llm-providers-cli.mjs, the app and the
// widget in llm-providers-pages.mjs), against the fixtures server llm-providers.mjs: the fixture's
// name, the model a user would type, the profile a host would name, and the changes Clarify is
// expected to make without one (null: the profile must be named, as Azure's key header and URL
// need).
export const cases = [
  ["gpt5", "gpt-5-mini", "openai-reasoning", ["max_completion_tokens", "no_temperature"]],
  ["openai", "gpt-4.1", "openai", []],
  ["azure", "my-gpt-4o", "azure", null],
  ["anthropic", "claude-sonnet-4-5", "anthropic", []],
  ["gemini", "gemini-2.5-flash", "gemini", ["schema_without_limits"]],
  ["deepseek", "deepseek-chat", "deepseek", ["json_object"]],
  ["deepseek", "deepseek-reasoner", "deepseek", ["json_object"]],
  ["mistral", "mistral-small-latest", "mistral", []],
  ["groq", "llama-3.3-70b-versatile", "groq", ["json_object"]],
  ["openrouter", "openai/gpt-4.1-mini", "openrouter", []],
  ["ollama", "llama3.2", "ollama", []],
  ["vllm", "Qwen/Qwen2.5-7B-Instruct", "vllm", []],
  ["lmstudio", "qwen2.5-7b-instruct", "lmstudio", []],
  ["llamacpp", "smollm2", "llamacpp", []],
  ["strict-schema", "m", null, ["schema_without_limits"]],
  ["prose", "m", null, []],
  ["no-system", "o1-mini", null, ["system_in_user"]],
  ["gemma", "gemma-3-4b-it", null, ["system_in_user"]],
  ["alternate", "mistral-7b-instruct", null, ["merged_turns"]],
  ["json-object-only", "m", null, ["json_object"]],
  ["think", "deepseek-r1:8b", null, []],
  ["reasoning-field", "qwen/qwen3-32b", null, []],
  ["think-length", "qwq-32b", null, ["more_reasoning_room"]],
];
