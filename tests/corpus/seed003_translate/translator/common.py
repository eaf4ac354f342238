"""Seed 003's helper: an untyped client parameter, called with the app's google client."""

import six


def translate_text(translate_client, src_text, tgt_lang):
    if isinstance(src_text, six.binary_type):  # ok
        src_text = src_text.decode("utf-8")  # ok

    result = translate_client.translate(src_text, target_language=tgt_lang)  # expect: UJ001
    translated = result["translatedText"]  # ok
    return translated
