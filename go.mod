module github.com/espresso-go/espresso

go 1.26

require github.com/alecthomas/kong v1.17.0
