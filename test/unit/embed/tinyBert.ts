// Writes a tiny BERT-shaped sentence-embedding model (ONNX graph + WordPiece tokenizer.json +
// config.json) into a folder, so the real transformers.js loading and inference code can run
// offline. The graph is an embedding lookup followed by tanh: token ids → hidden states.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { onnx } from 'onnx-proto';

export const TINY_VOCAB = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', 'the', 'vow', 'directed', 'by', 'heat', 'movie', 'film', 'actor', '##s', 'star', '##red'];
export const TINY_HIDDEN = 8;

function tensor(name: string, dims: number[], values: number[]): onnx.ITensorProto {
  return { name, dims, dataType: onnx.TensorProto.DataType.FLOAT, floatData: values };
}

function valueInfo(name: string, elemType: number, dims: (number | string)[]): onnx.IValueInfoProto {
  return {
    name,
    type: { tensorType: { elemType, shape: { dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) } } },
  };
}

export function writeTinyBert(root: string, modelId = 'test/tiny-bert'): string {
  const dir = join(root, modelId);
  mkdirSync(join(dir, 'onnx'), { recursive: true });
  // Deterministic, distinct rows: a token's vector is a fixed function of its id.
  const table: number[] = [];
  for (let t = 0; t < TINY_VOCAB.length; t++) for (let h = 0; h < TINY_HIDDEN; h++) table.push(Math.sin((t + 1) * (h + 2) * 0.7));
  const INT64 = onnx.TensorProto.DataType.INT64;
  const FLOAT = onnx.TensorProto.DataType.FLOAT;
  const graph: onnx.IGraphProto = {
    name: 'tiny-bert',
    initializer: [tensor('embeddings', [TINY_VOCAB.length, TINY_HIDDEN], table)],
    node: [
      { opType: 'Gather', input: ['embeddings', 'input_ids'], output: ['gathered'], attribute: [{ name: 'axis', i: 0, type: onnx.AttributeProto.AttributeType.INT }] },
      { opType: 'Tanh', input: ['gathered'], output: ['last_hidden_state'] },
    ],
    input: [valueInfo('input_ids', INT64, ['batch', 'sequence']), valueInfo('attention_mask', INT64, ['batch', 'sequence'])],
    output: [valueInfo('last_hidden_state', FLOAT, ['batch', 'sequence', TINY_HIDDEN])],
  };
  const model = onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ domain: '', version: 14 }], producerName: 'kgrag-test', graph });
  writeFileSync(join(dir, 'onnx', 'model.onnx'), onnx.ModelProto.encode(model).finish());
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({ model_type: 'bert', architectures: ['BertModel'], hidden_size: TINY_HIDDEN, vocab_size: TINY_VOCAB.length, max_position_embeddings: 64 }),
  );
  const vocab = Object.fromEntries(TINY_VOCAB.map((t, i) => [t, i]));
  writeFileSync(
    join(dir, 'tokenizer.json'),
    JSON.stringify({
      version: '1.0',
      truncation: null,
      padding: null,
      added_tokens: ['[PAD]', '[UNK]', '[CLS]', '[SEP]'].map((content, id) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true })),
      normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
      pre_tokenizer: { type: 'BertPreTokenizer' },
      post_processor: {
        type: 'TemplateProcessing',
        single: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }],
        pair: [],
        special_tokens: { '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] }, '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] } },
      },
      decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
      model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab },
    }),
  );
  writeFileSync(join(dir, 'tokenizer_config.json'), JSON.stringify({ tokenizer_class: 'BertTokenizer', do_lower_case: true, model_max_length: 64, cls_token: '[CLS]', sep_token: '[SEP]', pad_token: '[PAD]', unk_token: '[UNK]' }));
  return dir;
}
