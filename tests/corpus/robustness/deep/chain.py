"""A 300-deep chain of sync calls from one coroutine to a blocking call: walked without
recursion, and reported from the coroutine that reaches it in a few calls (a path deeper than
the rules' MAX_CALLS is not printed)."""

import subprocess


async def start() -> None:
    step_0()


async def resume() -> None:
    step_297()


def step_0() -> None:
    step_1()


def step_1() -> None:
    step_2()


def step_2() -> None:
    step_3()


def step_3() -> None:
    step_4()


def step_4() -> None:
    step_5()


def step_5() -> None:
    step_6()


def step_6() -> None:
    step_7()


def step_7() -> None:
    step_8()


def step_8() -> None:
    step_9()


def step_9() -> None:
    step_10()


def step_10() -> None:
    step_11()


def step_11() -> None:
    step_12()


def step_12() -> None:
    step_13()


def step_13() -> None:
    step_14()


def step_14() -> None:
    step_15()


def step_15() -> None:
    step_16()


def step_16() -> None:
    step_17()


def step_17() -> None:
    step_18()


def step_18() -> None:
    step_19()


def step_19() -> None:
    step_20()


def step_20() -> None:
    step_21()


def step_21() -> None:
    step_22()


def step_22() -> None:
    step_23()


def step_23() -> None:
    step_24()


def step_24() -> None:
    step_25()


def step_25() -> None:
    step_26()


def step_26() -> None:
    step_27()


def step_27() -> None:
    step_28()


def step_28() -> None:
    step_29()


def step_29() -> None:
    step_30()


def step_30() -> None:
    step_31()


def step_31() -> None:
    step_32()


def step_32() -> None:
    step_33()


def step_33() -> None:
    step_34()


def step_34() -> None:
    step_35()


def step_35() -> None:
    step_36()


def step_36() -> None:
    step_37()


def step_37() -> None:
    step_38()


def step_38() -> None:
    step_39()


def step_39() -> None:
    step_40()


def step_40() -> None:
    step_41()


def step_41() -> None:
    step_42()


def step_42() -> None:
    step_43()


def step_43() -> None:
    step_44()


def step_44() -> None:
    step_45()


def step_45() -> None:
    step_46()


def step_46() -> None:
    step_47()


def step_47() -> None:
    step_48()


def step_48() -> None:
    step_49()


def step_49() -> None:
    step_50()


def step_50() -> None:
    step_51()


def step_51() -> None:
    step_52()


def step_52() -> None:
    step_53()


def step_53() -> None:
    step_54()


def step_54() -> None:
    step_55()


def step_55() -> None:
    step_56()


def step_56() -> None:
    step_57()


def step_57() -> None:
    step_58()


def step_58() -> None:
    step_59()


def step_59() -> None:
    step_60()


def step_60() -> None:
    step_61()


def step_61() -> None:
    step_62()


def step_62() -> None:
    step_63()


def step_63() -> None:
    step_64()


def step_64() -> None:
    step_65()


def step_65() -> None:
    step_66()


def step_66() -> None:
    step_67()


def step_67() -> None:
    step_68()


def step_68() -> None:
    step_69()


def step_69() -> None:
    step_70()


def step_70() -> None:
    step_71()


def step_71() -> None:
    step_72()


def step_72() -> None:
    step_73()


def step_73() -> None:
    step_74()


def step_74() -> None:
    step_75()


def step_75() -> None:
    step_76()


def step_76() -> None:
    step_77()


def step_77() -> None:
    step_78()


def step_78() -> None:
    step_79()


def step_79() -> None:
    step_80()


def step_80() -> None:
    step_81()


def step_81() -> None:
    step_82()


def step_82() -> None:
    step_83()


def step_83() -> None:
    step_84()


def step_84() -> None:
    step_85()


def step_85() -> None:
    step_86()


def step_86() -> None:
    step_87()


def step_87() -> None:
    step_88()


def step_88() -> None:
    step_89()


def step_89() -> None:
    step_90()


def step_90() -> None:
    step_91()


def step_91() -> None:
    step_92()


def step_92() -> None:
    step_93()


def step_93() -> None:
    step_94()


def step_94() -> None:
    step_95()


def step_95() -> None:
    step_96()


def step_96() -> None:
    step_97()


def step_97() -> None:
    step_98()


def step_98() -> None:
    step_99()


def step_99() -> None:
    step_100()


def step_100() -> None:
    step_101()


def step_101() -> None:
    step_102()


def step_102() -> None:
    step_103()


def step_103() -> None:
    step_104()


def step_104() -> None:
    step_105()


def step_105() -> None:
    step_106()


def step_106() -> None:
    step_107()


def step_107() -> None:
    step_108()


def step_108() -> None:
    step_109()


def step_109() -> None:
    step_110()


def step_110() -> None:
    step_111()


def step_111() -> None:
    step_112()


def step_112() -> None:
    step_113()


def step_113() -> None:
    step_114()


def step_114() -> None:
    step_115()


def step_115() -> None:
    step_116()


def step_116() -> None:
    step_117()


def step_117() -> None:
    step_118()


def step_118() -> None:
    step_119()


def step_119() -> None:
    step_120()


def step_120() -> None:
    step_121()


def step_121() -> None:
    step_122()


def step_122() -> None:
    step_123()


def step_123() -> None:
    step_124()


def step_124() -> None:
    step_125()


def step_125() -> None:
    step_126()


def step_126() -> None:
    step_127()


def step_127() -> None:
    step_128()


def step_128() -> None:
    step_129()


def step_129() -> None:
    step_130()


def step_130() -> None:
    step_131()


def step_131() -> None:
    step_132()


def step_132() -> None:
    step_133()


def step_133() -> None:
    step_134()


def step_134() -> None:
    step_135()


def step_135() -> None:
    step_136()


def step_136() -> None:
    step_137()


def step_137() -> None:
    step_138()


def step_138() -> None:
    step_139()


def step_139() -> None:
    step_140()


def step_140() -> None:
    step_141()


def step_141() -> None:
    step_142()


def step_142() -> None:
    step_143()


def step_143() -> None:
    step_144()


def step_144() -> None:
    step_145()


def step_145() -> None:
    step_146()


def step_146() -> None:
    step_147()


def step_147() -> None:
    step_148()


def step_148() -> None:
    step_149()


def step_149() -> None:
    step_150()


def step_150() -> None:
    step_151()


def step_151() -> None:
    step_152()


def step_152() -> None:
    step_153()


def step_153() -> None:
    step_154()


def step_154() -> None:
    step_155()


def step_155() -> None:
    step_156()


def step_156() -> None:
    step_157()


def step_157() -> None:
    step_158()


def step_158() -> None:
    step_159()


def step_159() -> None:
    step_160()


def step_160() -> None:
    step_161()


def step_161() -> None:
    step_162()


def step_162() -> None:
    step_163()


def step_163() -> None:
    step_164()


def step_164() -> None:
    step_165()


def step_165() -> None:
    step_166()


def step_166() -> None:
    step_167()


def step_167() -> None:
    step_168()


def step_168() -> None:
    step_169()


def step_169() -> None:
    step_170()


def step_170() -> None:
    step_171()


def step_171() -> None:
    step_172()


def step_172() -> None:
    step_173()


def step_173() -> None:
    step_174()


def step_174() -> None:
    step_175()


def step_175() -> None:
    step_176()


def step_176() -> None:
    step_177()


def step_177() -> None:
    step_178()


def step_178() -> None:
    step_179()


def step_179() -> None:
    step_180()


def step_180() -> None:
    step_181()


def step_181() -> None:
    step_182()


def step_182() -> None:
    step_183()


def step_183() -> None:
    step_184()


def step_184() -> None:
    step_185()


def step_185() -> None:
    step_186()


def step_186() -> None:
    step_187()


def step_187() -> None:
    step_188()


def step_188() -> None:
    step_189()


def step_189() -> None:
    step_190()


def step_190() -> None:
    step_191()


def step_191() -> None:
    step_192()


def step_192() -> None:
    step_193()


def step_193() -> None:
    step_194()


def step_194() -> None:
    step_195()


def step_195() -> None:
    step_196()


def step_196() -> None:
    step_197()


def step_197() -> None:
    step_198()


def step_198() -> None:
    step_199()


def step_199() -> None:
    step_200()


def step_200() -> None:
    step_201()


def step_201() -> None:
    step_202()


def step_202() -> None:
    step_203()


def step_203() -> None:
    step_204()


def step_204() -> None:
    step_205()


def step_205() -> None:
    step_206()


def step_206() -> None:
    step_207()


def step_207() -> None:
    step_208()


def step_208() -> None:
    step_209()


def step_209() -> None:
    step_210()


def step_210() -> None:
    step_211()


def step_211() -> None:
    step_212()


def step_212() -> None:
    step_213()


def step_213() -> None:
    step_214()


def step_214() -> None:
    step_215()


def step_215() -> None:
    step_216()


def step_216() -> None:
    step_217()


def step_217() -> None:
    step_218()


def step_218() -> None:
    step_219()


def step_219() -> None:
    step_220()


def step_220() -> None:
    step_221()


def step_221() -> None:
    step_222()


def step_222() -> None:
    step_223()


def step_223() -> None:
    step_224()


def step_224() -> None:
    step_225()


def step_225() -> None:
    step_226()


def step_226() -> None:
    step_227()


def step_227() -> None:
    step_228()


def step_228() -> None:
    step_229()


def step_229() -> None:
    step_230()


def step_230() -> None:
    step_231()


def step_231() -> None:
    step_232()


def step_232() -> None:
    step_233()


def step_233() -> None:
    step_234()


def step_234() -> None:
    step_235()


def step_235() -> None:
    step_236()


def step_236() -> None:
    step_237()


def step_237() -> None:
    step_238()


def step_238() -> None:
    step_239()


def step_239() -> None:
    step_240()


def step_240() -> None:
    step_241()


def step_241() -> None:
    step_242()


def step_242() -> None:
    step_243()


def step_243() -> None:
    step_244()


def step_244() -> None:
    step_245()


def step_245() -> None:
    step_246()


def step_246() -> None:
    step_247()


def step_247() -> None:
    step_248()


def step_248() -> None:
    step_249()


def step_249() -> None:
    step_250()


def step_250() -> None:
    step_251()


def step_251() -> None:
    step_252()


def step_252() -> None:
    step_253()


def step_253() -> None:
    step_254()


def step_254() -> None:
    step_255()


def step_255() -> None:
    step_256()


def step_256() -> None:
    step_257()


def step_257() -> None:
    step_258()


def step_258() -> None:
    step_259()


def step_259() -> None:
    step_260()


def step_260() -> None:
    step_261()


def step_261() -> None:
    step_262()


def step_262() -> None:
    step_263()


def step_263() -> None:
    step_264()


def step_264() -> None:
    step_265()


def step_265() -> None:
    step_266()


def step_266() -> None:
    step_267()


def step_267() -> None:
    step_268()


def step_268() -> None:
    step_269()


def step_269() -> None:
    step_270()


def step_270() -> None:
    step_271()


def step_271() -> None:
    step_272()


def step_272() -> None:
    step_273()


def step_273() -> None:
    step_274()


def step_274() -> None:
    step_275()


def step_275() -> None:
    step_276()


def step_276() -> None:
    step_277()


def step_277() -> None:
    step_278()


def step_278() -> None:
    step_279()


def step_279() -> None:
    step_280()


def step_280() -> None:
    step_281()


def step_281() -> None:
    step_282()


def step_282() -> None:
    step_283()


def step_283() -> None:
    step_284()


def step_284() -> None:
    step_285()


def step_285() -> None:
    step_286()


def step_286() -> None:
    step_287()


def step_287() -> None:
    step_288()


def step_288() -> None:
    step_289()


def step_289() -> None:
    step_290()


def step_290() -> None:
    step_291()


def step_291() -> None:
    step_292()


def step_292() -> None:
    step_293()


def step_293() -> None:
    step_294()


def step_294() -> None:
    step_295()


def step_295() -> None:
    step_296()


def step_296() -> None:
    step_297()


def step_297() -> None:
    step_298()


def step_298() -> None:
    step_299()


def step_299() -> None:
    subprocess.run(["true"])  # expect: UJ001


TOTAL = 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1  # ok: a very long expression


__all__ = ["start", "resume"]  # (the coroutines this module offers)
