# cmake -DIN=file -DOUT=file.c -DNAME=symbol -P embed.cmake: writes the
# text of IN as the C string NAME, one literal per line. (Read whole, not
# by lines: CMake would split lines at the source's semicolons.)
file(READ ${IN} text)
string(REPLACE "\\" "\\\\" text "${text}")
string(REPLACE "\"" "\\\"" text "${text}")
string(REPLACE "\n" "\\n\"\n    \"" text "${text}")
file(WRITE ${OUT} "/* Generated from ${IN}: do not edit. */\nextern const char ${NAME}[];\nconst char ${NAME}[] =\n    \"${text}\";\n")
